import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webRoutes, type WebRoutesOptions } from './web.js';

const indexHtml = '<!doctype html><html><head><!--tiyende-config--></head><body><div id="root"></div></body></html>';
let distDir: string;

async function appServing(options: WebRoutesOptions): Promise<FastifyInstance> {
  const app = Fastify();
  // As api/plugins/errors.ts: unknown routes answer JSON.
  app.setNotFoundHandler((request, reply) => reply.status(404).send({ message: `No route ${request.method} ${request.url}`, code: 'not_found' }));
  app.get('/health', async () => ({ status: 'ok' }));
  app.get('/api/auth/user', async (_request, reply) => reply.status(401).send({ message: 'Sign in', code: 'unauthorised' }));
  await app.register(webRoutes(options));
  return app;
}

beforeAll(() => {
  distDir = mkdtempSync(path.join(tmpdir(), 'tiyende-web-'));
  mkdirSync(path.join(distDir, 'assets'));
  mkdirSync(path.join(distDir, '.vite'));
  writeFileSync(path.join(distDir, 'index.html'), indexHtml);
  writeFileSync(path.join(distDir, 'assets', 'index-abc123.js'), 'console.log("tiyende")');
  writeFileSync(path.join(distDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(path.join(distDir, '.vite', 'manifest.json'), '{}');
});
afterAll(() => rmSync(distDir, { recursive: true, force: true }));

describe('serving the web app', () => {
  it('answers the home page and every client route with index.html, never cached', async () => {
    const app = await appServing({ distDir });
    for (const url of ['/', '/kitwe', '/support?tab=faq', '/book?vehicle=car', '/index.html']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toContain('text/html');
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(response.body, url).toContain('<div id="root">');
    }
    await app.close();
  });

  it('serves hashed assets for a year and other files for an hour', async () => {
    const app = await appServing({ distDir });
    const asset = await app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('console.log("tiyende")');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('public, max-age=3600');
    await app.close();
  });

  it('leaves the server’s own paths and missing files to the 404 handler', async () => {
    const app = await appServing({ distDir });
    for (const url of ['/api/nothing-here', '/api', '/ws/other', '/docs/missing', '/health/deep', '/assets/missing-123.js', '/.vite/manifest.json']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toMatchObject({ code: 'not_found' });
    }
    expect((await app.inject({ method: 'GET', url: '/health' })).json()).toEqual({ status: 'ok' });
    expect((await app.inject({ method: 'GET', url: '/api/auth/user' })).statusCode).toBe(401);
    await app.close();
  });

  it('writes a configured tile URL into the page, escaped, and nothing when none is set', async () => {
    const withTiles = await appServing({ distDir, tileUrl: 'https://tiles.example/{z}/{x}/{y}.png', tileAttribution: '</script><b>x</b>' });
    const page = (await withTiles.inject({ method: 'GET', url: '/' })).body;
    expect(page).toContain('window.__TIYENDE_CONFIG__={"tileUrl":"https://tiles.example/{z}/{x}/{y}.png"');
    expect(page).not.toContain('</script><b>');
    await withTiles.close();
    const offline = await appServing({ distDir });
    const plain = (await offline.inject({ method: 'GET', url: '/' })).body;
    expect(plain).not.toContain('__TIYENDE_CONFIG__');
    expect(plain).not.toContain('<!--tiyende-config-->');
    await offline.close();
  });

  it('says how to build when there is no build, and the API still answers', async () => {
    const app = await appServing({ distDir: path.join(distDir, 'not-there') });
    expect((await app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
    const response = await app.inject({ method: 'GET', url: '/ndola' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('npm run build:web');
    expect(response.body).toContain('Tiyende');
    await app.close();
  });
});
