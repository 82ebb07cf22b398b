import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { startApiTestBed, type ApiTestBed } from '../../tests/support/apiTestBed.js';
import { createTestAccounts, type SignedIn } from '../../tests/support/accounts.js';
import { scriptHash } from './security.js';
import { clientConfigScript } from '../routes/web.js';

let bed: ApiTestBed;
let admin: SignedIn;
let rider: SignedIn;
beforeAll(async () => {
  bed = await startApiTestBed();
  [admin, rider] = await Promise.all([bed.signIn('admin'), bed.signIn('passenger')]);
});
afterAll(() => bed.close());

const directivesOf = (header: unknown): Map<string, string[]> =>
  new Map(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...sources]) => [name!, sources]),
  );

describe('browser-facing headers', () => {
  it('every answer carries a CSP the app works under, no framing, and a referrer policy; no HSTS outside production', async () => {
    for (const url of ['/', '/kitwe', '/api/auth/user', '/health']) {
      const response = await bed.app.inject({ method: 'GET', url, headers: { host: 'tiyende.test:3000' } });
      const csp = directivesOf(response.headers['content-security-policy']);
      expect(csp.get('default-src'), url).toEqual(["'self'"]);
      expect(csp.get('script-src')).toEqual(["'self'"]);
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
      expect(csp.get('object-src')).toEqual(["'none'"]);
      expect(csp.get('worker-src')).toContain("'self'");
      expect(csp.get('connect-src')).toEqual(["'self'", 'ws://tiyende.test:3000']);
      expect(csp.has('upgrade-insecure-requests')).toBe(false);
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('in production: HSTS, upgrade-insecure-requests, the tile server allowed for images and the config script by hash', async () => {
    const tileUrl = 'https://tiles.example.org/{z}/{x}/{y}.png';
    const app = await buildApp({
      logger: pino({ level: 'silent' }),
      health: async () => ({ status: 'ok' }) as never,
      accounts: await createTestAccounts(bed.db),
      production: true,
      tileUrl,
    });
    try {
      const response = await app.inject({ method: 'GET', url: '/', headers: { host: 'tiyende.test', 'x-forwarded-proto': 'https' } });
      expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      const csp = directivesOf(response.headers['content-security-policy']);
      expect(csp.has('upgrade-insecure-requests')).toBe(true);
      expect(csp.get('img-src')).toContain('https://tiles.example.org');
      expect(csp.get('connect-src')).toEqual(["'self'", 'wss://tiyende.test', 'https://tiles.example.org']);
      expect(csp.get('script-src')).toEqual(["'self'", scriptHash(clientConfigScript({ tileUrl })!)]);
    } finally {
      await app.close();
    }
  });
});

describe('writes accept only application/json (no cross-site simple request reaches them)', () => {
  it('refuses a text/plain DELETE of a user with 415 naming the type, and the user stays', async () => {
    const victim = await bed.signIn('passenger');
    const forged = await bed.app.inject({
      method: 'DELETE',
      url: `/api/admin/users/${victim.user.id}`,
      headers: { ...admin.headers, 'content-type': 'text/plain' },
      payload: 'anything',
    });
    expect(forged.statusCode).toBe(415);
    expect(forged.json()).toMatchObject({ code: 'unsupported_media_type', contentType: 'text/plain' });
    expect(forged.json().message).toContain('"text/plain"');
    const still = await bed.app.inject({ method: 'GET', url: '/api/auth/user', headers: victim.headers });
    expect(still.statusCode).toBe(200);
  });

  it('refuses form-urlencoded and text/plain POSTs; the session they aimed at stays signed in', async () => {
    for (const contentType of ['application/x-www-form-urlencoded', 'text/plain;charset=UTF-8', 'multipart/form-data; boundary=x']) {
      const forged = await bed.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { ...rider.headers, 'content-type': contentType }, payload: 'a=1' });
      expect(forged.statusCode, contentType).toBe(415);
      expect(forged.json()).toMatchObject({ code: 'unsupported_media_type', contentType: contentType.split(';')[0] });
    }
    const ride = await bed.app.inject({ method: 'POST', url: '/api/rides', headers: { ...rider.headers, 'content-type': 'text/plain' }, payload: '{}' });
    expect(ride.statusCode).toBe(415);
    expect((await bed.app.inject({ method: 'GET', url: '/api/auth/user', headers: rider.headers })).statusCode).toBe(200);
  });

  it('lets multipart through only to upload routes, and never from another site', async () => {
    const upload = { method: 'POST' as const, url: '/api/rides/some-ride/recording/upload', payload: '--x--' };
    const sameSite = await bed.app.inject({ ...upload, headers: { ...rider.headers, 'content-type': 'multipart/form-data; boundary=x' } });
    expect(sameSite.statusCode).not.toBe(415);
    expect(sameSite.statusCode).not.toBe(403);
    const crossSite = await bed.app.inject({
      ...upload,
      headers: { ...rider.headers, 'content-type': 'multipart/form-data; boundary=x', 'sec-fetch-site': 'cross-site' },
    });
    expect(crossSite.statusCode).toBe(403);
    expect(crossSite.json()).toMatchObject({ code: 'cross_site_request' });
  });

  it('refuses a write a browser marks as coming from another site, even as JSON', async () => {
    const forged = await bed.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { ...rider.headers, 'sec-fetch-site': 'cross-site' }, payload: {} });
    expect(forged.statusCode).toBe(403);
    expect(forged.json()).toMatchObject({ code: 'cross_site_request' });
    expect((await bed.app.inject({ method: 'GET', url: '/api/auth/user', headers: rider.headers })).statusCode).toBe(200);
  });

  it('lets JSON and body-less writes through, and reads in any type', async () => {
    const preferences = await bed.app.inject({
      method: 'PATCH',
      url: '/api/auth/preferences',
      headers: { ...rider.headers, 'content-type': 'application/json; charset=utf-8', 'sec-fetch-site': 'same-origin' },
      payload: JSON.stringify({ preferredLanguage: 'bem' }),
    });
    expect(preferences.statusCode).toBe(200);
    const read = await bed.app.inject({ method: 'GET', url: '/api/auth/user', headers: { ...rider.headers, 'content-type': 'text/plain' } });
    expect(read.statusCode).toBe(200);
    const logout = await bed.app.inject({ method: 'POST', url: '/api/auth/logout', headers: rider.headers });
    expect(logout.statusCode).toBe(204);
  });
});
