import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync } from 'fastify';
import type { ClientConfig } from '../../contract/clientConfig.js';

export interface WebRoutesOptions {
  /** The built web app (`npm run build:web`); default web/dist. */
  distDir?: string;
  /** Online map tiles (`https://…/{z}/{x}/{y}.png`); without it the map is the offline basemap only. */
  tileUrl?: string;
  tileAttribution?: string;
}

const defaultDistDir = fileURLToPath(new URL('../../web/dist/', import.meta.url));
const CONFIG_PLACEHOLDER = '<!--tiyende-config-->';
/** Built by vite-plugin-pwa from web/src/offline/serviceWorker.ts. */
const SERVICE_WORKER_FILE = 'serviceWorker.js';

/** Paths that belong to the server: never answered with the app's page. */
const SERVER_PATH = /^\/(api|ws|docs|health)(\/|$)/;
/** A path naming a file (`/assets/x.js`, `/robots.txt`): a miss is a 404, not the app's page. */
const FILE_PATH = /\/[^/]+\.[a-z0-9]+$/i;

const notBuiltPage = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Tiyende — the web app is not built</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 40rem; margin: 2rem auto; padding: 0 1rem">
<h1>Tiyende</h1><p>The web app has not been built on this server. Run <code>npm run build:web</code> and restart.</p>
<ul><li><a href="/health">Service health</a></li><li><a href="/docs">API documentation</a></li></ul>
</body></html>`;

/**
 * The inline script that hands the page the client configuration the server holds (tile URL), or
 * null when there is none. Its text is also allowed by hash in the Content-Security-Policy.
 */
export function clientConfigScript(options: Pick<WebRoutesOptions, 'tileUrl' | 'tileAttribution'>): string | null {
  const config: ClientConfig = {
    ...(options.tileUrl ? { tileUrl: options.tileUrl } : {}),
    ...(options.tileAttribution ? { tileAttribution: options.tileAttribution } : {}),
  };
  // `<` escaped so that no value can close the script element.
  return Object.keys(config).length ? `window.__TIYENDE_CONFIG__=${JSON.stringify(config).replace(/</g, '\\u003c')}` : null;
}

/** index.html with the client configuration written into it. */
function pageWith(html: string, options: WebRoutesOptions): string {
  const script = clientConfigScript(options);
  return html.replace(CONFIG_PLACEHOLDER, script ? `<script>${script}</script>` : '');
}

/**
 * Serves the web app: its hashed assets (cached for a year, they never change under one name)
 * and, for any other GET that is not the server's own (/api, /ws, /docs, /health) or a file,
 * index.html, so that client routes (/kitwe, /support?tab=faq) load the app on a reload or a
 * shared link. Without a build (tests, a fresh clone) the API still works, and every such path
 * answers a plain page that says how to build the app and links to /health and /docs.
 */
export function webRoutes(options: WebRoutesOptions = {}): FastifyPluginAsync {
  return async (app) => {
    const distDir = options.distDir ?? defaultDistDir;
    const indexFile = path.join(distDir, 'index.html');
    const built = existsSync(indexFile);
    const page = built ? pageWith(readFileSync(indexFile, 'utf8'), options) : notBuiltPage;

    if (built) {
      await app.register(fastifyStatic, {
        root: distDir,
        // Routes for the files present at start-up, so unknown paths reach the fallback below.
        wildcard: false,
        index: false,
        globIgnore: ['index.html', '.vite/**'],
        cacheControl: false,
        setHeaders(reply, filePath) {
          const hashed = filePath.startsWith(path.join(distDir, 'assets') + path.sep);
          // The service worker is checked afresh on every visit, so a new build reaches phones at once.
          const serviceWorker = filePath === path.join(distDir, SERVICE_WORKER_FILE);
          reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : serviceWorker ? 'no-cache' : 'public, max-age=3600');
        },
      });
    }

    app.get('/*', { schema: { hide: true } }, async (request, reply) => {
      const pathname = request.url.split('?')[0] ?? '/';
      if (SERVER_PATH.test(pathname) || (FILE_PATH.test(pathname) && pathname !== '/index.html')) return reply.callNotFound();
      return reply
        .header('cache-control', 'no-cache')
        .header('x-content-type-options', 'nosniff')
        .type('text/html; charset=utf-8')
        .send(page);
    });
  };
}
