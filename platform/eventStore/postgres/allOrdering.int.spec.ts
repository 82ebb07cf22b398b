import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/database.js';
import { createPool } from '../../database/connect.js';
import { START, comparePositions, type Position, type RecordedEvent } from '../port.js';
import { READ_MODELS_APPLICATION_NAME } from './migrations.js';
import { migrateEventStore, PostgresEventStore } from './postgresEventStore.js';

/**
 * `$all` is ordered by (transaction id, global position) and read behind the xid8 fence: only
 * transactions older than every running one are visible. These tests hold transactions open by
 * hand to prove that a late committer is never skipped.
 */
let database: TestDatabase;
let pool: pg.Pool;
let store: PostgresEventStore;

beforeAll(async () => {
  database = await createTestDatabase('ordering');
  pool = createPool(database.url, 12);
  await migrateEventStore(pool);
  store = new PostgresEventStore({ pool, pollIntervalMs: 100 });
});
afterAll(async () => {
  await store.close();
  await pool.end();
  await database.drop();
});

/** Appends inside a transaction the caller controls, through the same SQL function the adapter uses. */
async function appendInOpenTransaction(client: pg.PoolClient, streamName: string, types: string[], expected = 'any') {
  const { rows } = await client.query<{ outcome: string }>(
    'SELECT * FROM es_append($1, $2, $3::uuid[], $4::jsonb)',
    [streamName, expected, types.map(() => randomUUID()), JSON.stringify(types.map((type) => ({ type, data: {}, metadata: {} })))],
  );
  return rows[0]!.outcome;
}

/** Reads as far as $all can be read now: to its end, or up to events held back behind the fence. */
async function readEverything(category: string, from: Position = START) {
  const events: RecordedEvent[] = [];
  let position = from;
  for (;;) {
    const page = await store.readAll({ fromPosition: position, maxCount: 50, filter: { streamNamePrefixes: [category] } });
    events.push(...page.events);
    position = page.nextPosition;
    if (page.isEndOfAll || page.heldBack) return { events, position, heldBack: page.heldBack ?? false };
  }
}

describe('a writer that takes its position and commits late', () => {
  it('is still delivered to a live subscriber, before the appends that came after it, nothing skipped', async () => {
    const category = `race${randomUUID().slice(0, 8)}`;
    const subscription = store.subscribeToAll({ filter: { streamNamePrefixes: [category] } });
    const delivered: string[] = [];
    let caughtUp!: () => void;
    const isCaughtUp = new Promise<void>((resolve) => (caughtUp = resolve));
    const consuming = (async () => {
      for await (const message of subscription) {
        if (message.kind === 'caughtUp') caughtUp();
        if (message.kind === 'event') delivered.push(message.event.type);
        if (delivered.length === 3) return;
      }
    })();
    await isCaughtUp;

    const slow = await pool.connect();
    await slow.query('BEGIN');
    expect(await appendInOpenTransaction(slow, `${category}-slow`, ['SlowWriterTookItsPosition'])).toBe('ok');
    await store.appendToStream(`${category}-fast`, [{ id: randomUUID(), type: 'FastWriterCommitted', data: {} }]);
    await store.appendToStream(`${category}-fast`, [{ id: randomUUID(), type: 'FastWriterCommittedAgain', data: {} }]);
    await new Promise((resolve) => setTimeout(resolve, 400));
    // Delivering the fast events now would move the checkpoint past the slow writer's position.
    expect(delivered).toEqual([]);

    await slow.query('COMMIT');
    slow.release();
    await consuming;
    await subscription.stop();
    expect(delivered).toEqual(['SlowWriterTookItsPosition', 'FastWriterCommitted', 'FastWriterCommittedAgain']);
    expect((await readEverything(category)).events.map((e) => e.type)).toEqual(delivered);
  });

  it('a rolled-back writer leaves no event and does not hold back later ones forever', async () => {
    const category = `abort${randomUUID().slice(0, 8)}`;
    const doomed = await pool.connect();
    await doomed.query('BEGIN');
    await appendInOpenTransaction(doomed, `${category}-doomed`, ['NeverCommitted']);
    await store.appendToStream(`${category}-ok`, [{ id: randomUUID(), type: 'Committed', data: {} }]);
    // The committed event is there, but waits behind the open writer: the page says so, not "end".
    expect(await readEverything(category)).toMatchObject({ events: [], heldBack: true });
    await doomed.query('ROLLBACK');
    doomed.release();
    expect((await readEverything(category)).events.map((e) => e.type)).toEqual(['Committed']);
  });
});

describe('catching up behind an open writer', () => {
  it('says caughtUp only once the committed events waiting behind the fence are delivered', async () => {
    const category = `wait${randomUUID().slice(0, 8)}`;
    const doomed = await pool.connect();
    await doomed.query('BEGIN');
    await appendInOpenTransaction(doomed, `${category}-doomed`, ['NeverCommitted']);
    await store.appendToStream(`${category}-ok`, [{ id: randomUUID(), type: 'Waiting', data: {} }]);
    const subscription = store.subscribeToAll({ filter: { streamNamePrefixes: [category] } });
    const seen: string[] = [];
    const consuming = (async () => {
      for await (const message of subscription) {
        seen.push(message.kind === 'event' ? message.event.type : message.kind);
        if (message.kind === 'caughtUp') return;
      }
    })();
    await new Promise((resolve) => setTimeout(resolve, 400));
    // Saying "caught up" now would tell a projection it has everything while 'Waiting' is stored.
    expect(seen.filter((kind) => kind !== 'checkpoint')).toEqual([]);
    await doomed.query('ROLLBACK');
    doomed.release();
    await consuming;
    await subscription.stop();
    expect(seen.filter((kind) => kind !== 'checkpoint')).toEqual(['Waiting', 'caughtUp']);
  });
});

describe('waking subscribers', () => {
  it('a caught-up subscriber in another instance is woken by NOTIFY, long before its poll interval', async () => {
    const otherPool = createPool(database.url, 2);
    const other = new PostgresEventStore({ pool: otherPool, pollIntervalMs: 60_000 });
    const category = `wake${randomUUID().slice(0, 8)}`;
    const subscription = other.subscribeToAll({ filter: { streamNamePrefixes: [category] } });
    try {
      let appendedAt = 0;
      const received = (async () => {
        for await (const message of subscription) {
          if (message.kind === 'caughtUp' && appendedAt === 0) {
            // Let the subscriber's quick re-reads pass so that only a notification can wake it.
            await new Promise((resolve) => setTimeout(resolve, 300));
            appendedAt = performance.now();
            await store.appendToStream(`${category}-1`, [{ id: randomUUID(), type: 'WakeUp', data: {} }]);
          }
          if (message.kind === 'event') return performance.now() - appendedAt;
        }
        return Infinity;
      })();
      expect(await received).toBeLessThan(5_000);
    } finally {
      await subscription.stop();
      await other.close();
      await otherPool.end();
    }
  });
});

describe('the fence is per database', () => {
  it('a transaction left open in another database does not hold back reads here', async () => {
    const other = await createTestDatabase('otherdb');
    const client = new pg.Client({ connectionString: other.url });
    await client.connect();
    try {
      await client.query('BEGIN');
      await client.query('CREATE TABLE holds_an_xid (x int)');
      const category = `iso${randomUUID().slice(0, 8)}`;
      await store.appendToStream(`${category}-a`, [{ id: randomUUID(), type: 'VisibleAtOnce', data: {} }]);
      expect((await readEverything(category)).events.map((e) => e.type)).toEqual(['VisibleAtOnce']);
    } finally {
      await client.query('ROLLBACK');
      await client.end();
      await other.drop();
    }
  });
});

describe('random interleavings of concurrent appends (model test)', () => {
  const SESSIONS = 3;
  const STREAMS = 4;

  type Step =
    | { kind: 'append'; session: number; stream: number; count: number; exact: boolean }
    | { kind: 'commit'; session: number }
    | { kind: 'rollback'; session: number }
    | { kind: 'read' };

  const step: fc.Arbitrary<Step> = fc.oneof(
    { weight: 5, arbitrary: fc.record({ kind: fc.constant('append' as const), session: fc.nat(SESSIONS - 1), stream: fc.nat(STREAMS - 1), count: fc.integer({ min: 1, max: 3 }), exact: fc.boolean() }) },
    { weight: 3, arbitrary: fc.record({ kind: fc.constant('commit' as const), session: fc.nat(SESSIONS - 1) }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('rollback' as const), session: fc.nat(SESSIONS - 1) }) },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('read' as const) }) },
  );

  it('$all equals the transaction-order oracle, an incremental reader misses nothing, stream revisions are gap-free', async () => {
    const clients = await Promise.all(Array.from({ length: SESSIONS }, () => pool.connect()));
    try {
      await fc.assert(
        fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 40 }), async (steps) => {
          // A failed run (while shrinking) may have left transactions open.
          for (const client of clients) await client.query('ROLLBACK');
          const category = `model${randomUUID().slice(0, 8).replace(/-/g, '')}`;
          const streamName = (i: number) => `${category}-s${i}`;
          // Model: committed revision per stream; per session, its open transaction.
          const committedRevision = new Map<number, number>();
          const open = new Map<number, { order: number; types: string[]; streams: Map<number, number> }>();
          let transactionsStarted = 0;
          const committed: Array<{ order: number; types: string[] }> = [];
          const incremental: RecordedEvent[] = [];
          let readerPosition: Position = START;
          let label = 0;

          const lockedByOther = (session: number, stream: number) =>
            [...open].some(([other, tx]) => other !== session && tx.streams.has(stream));

          for (const s of steps) {
            if (s.kind === 'append') {
              // Two open transactions on one stream would block this sequential driver: skip.
              if (lockedByOther(s.session, s.stream)) continue;
              const client = clients[s.session]!;
              let tx = open.get(s.session);
              if (!tx) {
                await client.query('BEGIN');
                tx = { order: transactionsStarted++, types: [], streams: new Map() };
                open.set(s.session, tx);
              }
              const current = tx.streams.get(s.stream) ?? committedRevision.get(s.stream) ?? -1;
              const types = Array.from({ length: s.count }, () => `E${label++}`);
              const expected = s.exact ? (current < 0 ? 'no_stream' : String(current)) : 'any';
              expect(await appendInOpenTransaction(client, streamName(s.stream), types, expected)).toBe('ok');
              tx.streams.set(s.stream, current + s.count);
              tx.types.push(...types);
            } else if (s.kind === 'commit' || s.kind === 'rollback') {
              const tx = open.get(s.session);
              if (!tx) continue;
              await clients[s.session]!.query(s.kind === 'commit' ? 'COMMIT' : 'ROLLBACK');
              open.delete(s.session);
              if (s.kind === 'commit') {
                committed.push({ order: tx.order, types: tx.types });
                for (const [stream, revision] of tx.streams) committedRevision.set(stream, revision);
              }
            } else {
              const { events, position } = await readEverything(category, readerPosition);
              incremental.push(...events);
              readerPosition = position;
            }
          }
          for (const [session, tx] of open) {
            await clients[session]!.query('COMMIT');
            committed.push({ order: tx.order, types: tx.types });
          }
          // Everything is committed now, but another transaction may hold the fence for a while
          // (late, never wrong) — on a busy CI machine an autovacuum ANALYZE of this database
          // held it for more than 5 s: read until the committed events are visible, up to 30 s.
          const expected = committed.reduce((sum, tx) => sum + tx.types.length, 0);
          let all = (await readEverything(category)).events;
          for (let wait = 0; all.length < expected && wait < 600; wait++) {
            await new Promise((resolve) => setTimeout(resolve, 50));
            all = (await readEverything(category)).events;
          }
          // The incremental reader likewise: the fence can be held again between the two reads.
          for (let wait = 0; wait < 600; wait++) {
            const rest = await readEverything(category, readerPosition);
            incremental.push(...rest.events);
            readerPosition = rest.position;
            if (incremental.length >= expected) break;
            await new Promise((resolve) => setTimeout(resolve, 50));
          }

          // Transactions appear whole, in the order they took their first position.
          const oracle = committed.sort((a, b) => a.order - b.order).flatMap((tx) => tx.types);
          expect(all.map((e) => e.type)).toEqual(oracle);
          // A reader that read while transactions were open saw exactly the same sequence.
          expect(incremental.map((e) => e.type)).toEqual(oracle);
          for (let i = 1; i < all.length; i++) {
            expect(comparePositions(all[i - 1]!.position, all[i]!.position)).toBeLessThan(0);
          }
          for (let stream = 0; stream < STREAMS; stream++) {
            const revisions = (await store.readStream(streamName(stream))).map((e) => Number(e.revision));
            expect(revisions).toEqual(revisions.map((_, i) => i));
          }
        }),
        { numRuns: 40 },
      );
    } finally {
      for (const client of clients) {
        await client.query('ROLLBACK').catch(() => {});
        client.release();
      }
    }
  }, 120_000);
});

describe('a read-model connection (application_name READ_MODELS_APPLICATION_NAME)', () => {
  let readModels: pg.Pool;
  beforeAll(async () => {
    readModels = createPool(database.url, 2, { applicationName: READ_MODELS_APPLICATION_NAME });
    await pool.query('CREATE TABLE IF NOT EXISTS fence_read_model (id int PRIMARY KEY)');
  });
  afterAll(async () => {
    await readModels.end();
  });

  /** A write transaction left open on `on`: it has a transaction id, as a read model's page does. */
  async function openWriteTransaction(on: pg.Pool) {
    const client = await on.connect();
    await client.query('BEGIN');
    await client.query('INSERT INTO fence_read_model (id) VALUES ($1) ON CONFLICT DO NOTHING', [Math.floor(Math.random() * 1e9)]);
    return {
      async end() {
        await client.query('ROLLBACK');
        client.release();
      },
    };
  }

  it('holds no event back while its write transaction is open; any other connection’s does', async () => {
    const category = `fence${randomUUID().slice(0, 8)}`;
    const start = (await readEverything(category)).position;

    const readModel = await openWriteTransaction(readModels);
    try {
      await store.appendToStream(`${category}-1`, [{ id: randomUUID(), type: 'AfterAReadModelBegan', data: {} }]);
      const read = await readEverything(category, start);
      expect(read.heldBack).toBe(false);
      expect(read.events.map((event) => event.type)).toEqual(['AfterAReadModelBegan']);
    } finally {
      await readModel.end();
    }

    // The same transaction on an ordinary connection might append before it commits: it holds the fence.
    const other = await openWriteTransaction(pool);
    try {
      await store.appendToStream(`${category}-2`, [{ id: randomUUID(), type: 'AfterAnotherBegan', data: {} }]);
      const read = await readEverything(category, start);
      expect(read.heldBack).toBe(true);
      expect(read.events.map((event) => event.type)).toEqual(['AfterAReadModelBegan']);
    } finally {
      await other.end();
    }
    expect((await readEverything(category, start)).events.map((event) => event.type)).toEqual(['AfterAReadModelBegan', 'AfterAnotherBegan']);
  });

  it('may not append: the append is refused, saying why, and nothing is stored', async () => {
    const readModelStore = new PostgresEventStore({ pool: readModels });
    const stream = `fence-refused-${randomUUID().slice(0, 8)}`;
    await expect(readModelStore.appendToStream(stream, [{ id: randomUUID(), type: 'Refused', data: {} }])).rejects.toThrow(/read-model connection/);
    expect(await store.readStream(stream).catch(() => [])).toEqual([]);
    const { rows } = await pool.query<{ n: string }>('SELECT count(*) AS n FROM es_streams WHERE stream_name = $1', [stream]);
    expect(rows[0]!.n).toBe('0');
    await readModelStore.close();
  });
});
