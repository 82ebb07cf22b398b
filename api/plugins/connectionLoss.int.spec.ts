import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startApiTestBed, type ApiTestBed } from '../../tests/support/apiTestBed.js';
import type { SignedIn } from '../../tests/support/accounts.js';
import { call, rideRequest } from '../../tests/journeys/kit.js';

let bed: ApiTestBed;
let rider: SignedIn;
let admin: pg.Client;
let database: string;
beforeAll(async () => {
  bed = await startApiTestBed();
  rider = await bed.signIn('passenger');
  database = (await bed.pool.query<{ name: string }>('SELECT current_database() AS name')).rows[0]!.name;
  admin = new pg.Client({ connectionString: inject('databaseAdminUrl') });
  await admin.connect();
});
afterAll(async () => {
  await admin?.end();
  await bed?.close();
});

/** What a failover, a pooler restart or an idle timeout does: every connection of the app cut at once. */
async function terminateEveryConnection(): Promise<number> {
  const { rowCount } = await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [database]);
  return rowCount ?? 0;
}

describe('connections terminated under load', () => {
  it('in-flight requests answer 503 with a clear JSON message (never a crash, a 500 or a hang), and the app goes on', async () => {
    const statuses: number[] = [];
    let terminated = 0;
    for (let round = 0; round < 5; round++) {
      const load = Array.from({ length: 12 }, (_, index) =>
        index % 3 === 0 ? call(bed, rider, 'POST', '/api/rides', rideRequest()) : call(bed, rider, 'GET', '/api/rides/mine'),
      );
      await new Promise((resolve) => setTimeout(resolve, 5 + round * 7));
      // A round whose requests all failed fast on connections already cut may find none open.
      terminated += await terminateEveryConnection();
      for (const answer of await Promise.all(load)) {
        statuses.push(answer.status);
        if (answer.status === 503) {
          // The event store's own "unavailable", or the database's: a message and a code either way.
          expect(['database_unavailable', 'unavailable']).toContain(answer.body.code);
          expect(answer.body.message).toMatch(/unavailable|connection to the database was lost/);
        } else {
          expect([200, 201], JSON.stringify(answer.body)).toContain(answer.status);
        }
      }
    }
    // Once the dust settles, everything works again. A backend told to stop may still be dying
    // when the next request borrows its connection, so the client does what the 503 asks: it
    // retries after Retry-After with the same Idempotency-Key, and the ride is booked once.
    expect(terminated).toBeGreaterThan(0);
    const idempotencyKey = randomUUID();
    const attempts: number[] = [];
    let booked = await call(bed, rider, 'POST', '/api/rides', rideRequest(), { 'idempotency-key': idempotencyKey });
    attempts.push(booked.status);
    while (booked.status === 503 && attempts.length < 5) {
      expect(booked.body.code).toBe('database_unavailable');
      await new Promise((resolve) => setTimeout(resolve, 200));
      booked = await call(bed, rider, 'POST', '/api/rides', rideRequest(), { 'idempotency-key': idempotencyKey });
      attempts.push(booked.status);
    }
    expect(booked.status, `${attempts.join(', ')}: ${JSON.stringify(booked.body)}`).toBe(201);
    await bed.settle();
    const mine = await call(bed, rider, 'GET', '/api/rides/mine?limit=100');
    expect(mine.status).toBe(200);
    expect(mine.body.rides.map((ride: { id: string }) => ride.id)).toContain(booked.body.id);
    // However many attempts it took, the retried request booked one ride, not one per attempt.
    const again = await call(bed, rider, 'POST', '/api/rides', rideRequest(), { 'idempotency-key': idempotencyKey });
    expect(again.body.id).toBe(booked.body.id);
    expect(statuses.length).toBe(60);
  }, 120_000);
});
