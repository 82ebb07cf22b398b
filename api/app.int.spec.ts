import type { Kysely } from 'kysely';
import pino from 'pino';
import type { AccountsDatabase } from '../accounts/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKysely, createPool } from '../platform/database/connect.js';
import { createTestAccounts } from '../tests/support/accounts.js';
import { createTestDatabase, type TestDatabase } from '../tests/support/database.js';
import { buildApp } from './app.js';
import type { HealthReport } from './routes/health.js';
import type { App } from './types.js';

let report: HealthReport;
let app: App;
let database: TestDatabase;
let db: Kysely<AccountsDatabase>;
beforeAll(async () => {
  database = await createTestDatabase('app');
  db = createKysely<AccountsDatabase>(createPool(database.url, 2));
  app = await buildApp({ logger: pino({ level: 'silent' }), health: async () => report, accounts: await createTestAccounts(db) });
});
afterAll(async () => {
  await app.close();
  await db.destroy();
  await database.drop();
});

const healthy: HealthReport = {
  status: 'ok',
  database: { ok: true, kind: 'embedded', latencyMs: 1 },
  eventStore: { ok: true, adapter: 'postgres' },
  projections: [{ name: 'streamCatalogue', status: 'live', eventsBehind: 0, msBehind: 0 }],
};

describe('the HTTP app', () => {
  it('GET /health answers 200 with the report while the database is up', async () => {
    report = healthy;
    const response = await app.inject({ method: 'GET', url: '/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(healthy);
  });

  it('GET /health answers 503 when the database is down', async () => {
    report = { ...healthy, status: 'down', database: { ok: false, kind: 'external', error: 'connection refused' } };
    const response = await app.inject({ method: 'GET', url: '/health' });
    expect(response.statusCode).toBe(503);
    expect(response.json().database.error).toBe('connection refused');
  });

  it('echoes a well-formed correlation id and makes one up otherwise', async () => {
    report = healthy;
    const given = await app.inject({ method: 'GET', url: '/health', headers: { 'x-correlation-id': 'ride-flow-1234' } });
    expect(given.headers['x-correlation-id']).toBe('ride-flow-1234');
    const made = await app.inject({ method: 'GET', url: '/health', headers: { 'x-correlation-id': '<script>' } });
    expect(made.headers['x-correlation-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('serves a page at / and the OpenAPI document at /docs/json', async () => {
    const page = await app.inject({ method: 'GET', url: '/' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Tiyende');
    const openapi = await app.inject({ method: 'GET', url: '/docs/json' });
    expect(openapi.json().paths).toHaveProperty('/health');
  });

  it('an unknown route is a 404 with a message naming it', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'No route POST /api/nothing-here', code: 'not_found' });
  });
});
