import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DomainError, type DecideDeps, type Decider, type DomainEvent } from '../../domain/shared/index.js';
import { createPool } from '../../platform/database/connect.js';
import { WrongExpectedVersionError } from '../../platform/eventStore/port.js';
import { migrateEventStore, PostgresEventStore } from '../../platform/eventStore/postgres/postgresEventStore.js';
import { createTestDatabase, type TestDatabase } from '../../tests/support/database.js';
import { eventIdFor } from './eventIds.js';
import { handleCommand, type CommandContext } from './handleCommand.js';

// A seat counter: the smallest decider that can refuse, so the loop itself is what is tested.
type SeatEvent = DomainEvent<'SeatTaken', { by: string }>;
type SeatCommand = { type: 'TakeSeat'; data: { by: string } };
const seats: Decider<{ taken: string[] }, SeatCommand, SeatEvent> = {
  initialState: () => ({ taken: [] }),
  evolve: (state, event) => ({ taken: [...state.taken, event.data.by] }),
  decide: (command, state) => {
    if (state.taken.length >= 3) throw new DomainError('not_allowed_in_state', 'the car is full');
    if (state.taken.includes(command.data.by)) throw new DomainError('conflict', `${command.data.by} already has a seat`);
    return [{ type: 'SeatTaken', data: { by: command.data.by } }];
  },
};
const deps: DecideDeps = { now: new Date('2026-11-22T08:00:00Z'), newId: randomUUID, random: () => 0.5 };
const context = (userId: string, commandId = randomUUID()): CommandContext => ({
  commandId,
  correlationId: `corr-${commandId}`,
  actor: { userId, role: 'passenger' },
});
const take = (by: string) => ({ type: 'TakeSeat' as const, data: { by } });

let database: TestDatabase;
let pool: pg.Pool;
let store: PostgresEventStore;
beforeAll(async () => {
  database = await createTestDatabase('handle');
  pool = createPool(database.url, 25);
  await migrateEventStore(pool);
  store = new PostgresEventStore({ pool });
});
afterAll(async () => {
  await store.close();
  await pool.end();
  await database.drop();
});

describe('handleCommand', () => {
  it('appends what the decider decides, with derived ids and the actor in the metadata', async () => {
    const stream = `car-${randomUUID()}`;
    const ctx = context('mwila');
    const result = await handleCommand(store, stream, seats, take('mwila'), ctx, deps, { schemaVersionOf: () => 2 });
    expect(result).toMatchObject({ repeated: false, nextExpectedRevision: 0n, state: { taken: ['mwila'] } });
    const [stored] = await store.readStream(stream);
    expect(stored).toMatchObject({
      id: eventIdFor(ctx.commandId, stream, 0),
      type: 'SeatTaken',
      data: { by: 'mwila' },
      metadata: { commandId: ctx.commandId, correlationId: ctx.correlationId, causationId: ctx.commandId, userId: 'mwila', role: 'passenger', schemaVersion: 2 },
    });
  });

  it('a repeated command (same id) answers what it did the first time and appends nothing', async () => {
    const stream = `car-${randomUUID()}`;
    const ctx = context('chanda');
    await handleCommand(store, stream, seats, take('chanda'), ctx, deps);
    const again = await handleCommand(store, stream, seats, take('chanda'), ctx, deps);
    expect(again.repeated).toBe(true);
    expect(again.events).toEqual([{ type: 'SeatTaken', data: { by: 'chanda' } }]);
    expect(await store.readStream(stream)).toHaveLength(1);
  });

  it('a refused command appends nothing', async () => {
    const stream = `car-${randomUUID()}`;
    for (const by of ['a', 'b', 'c']) await handleCommand(store, stream, seats, take(by), context(by), deps);
    await expect(handleCommand(store, stream, seats, take('d'), context('d'), deps)).rejects.toMatchObject({
      code: 'not_allowed_in_state',
    });
    expect(await store.readStream(stream)).toHaveLength(3);
  });

  it('concurrent commands on one stream re-decide after a conflict: the rules hold, nothing is lost', async () => {
    const stream = `car-${randomUUID()}`;
    const riders = Array.from({ length: 10 }, (_, i) => `rider${i}`);
    const outcomes = await Promise.allSettled(
      riders.map((by) => handleCommand(store, stream, seats, take(by), context(by), deps, { maxAttempts: 20 })),
    );
    const stored = await store.readStream(stream);
    expect(stored).toHaveLength(3);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(3);
    const refusals = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
    expect(refusals.map((r) => (r.reason as DomainError).code)).toEqual(Array(7).fill('not_allowed_in_state'));
  });

  it('retries after a conflict, and gives up with the conflict once its attempts are spent', async () => {
    // A store on which another writer always gets in between our read and our append, `times` times.
    const interfering = (times: number) => {
      let left = times;
      return new Proxy(store, {
        get(target, property, receiver) {
          if (property !== 'appendToStream') return Reflect.get(target, property, receiver);
          return async (...args: Parameters<PostgresEventStore['appendToStream']>) => {
            if (left-- > 0) await target.appendToStream(args[0], [{ id: randomUUID(), type: 'SeatTaken', data: { by: `intruder${left}` } }]);
            return target.appendToStream(...args);
          };
        },
      });
    };
    const stream = `car-${randomUUID()}`;
    await expect(handleCommand(interfering(1), stream, seats, take('late'), context('late'), deps, { maxAttempts: 1 })).rejects.toBeInstanceOf(
      WrongExpectedVersionError,
    );
    expect((await store.readStream(stream)).map((e) => e.data)).toEqual([{ by: 'intruder0' }]);

    const result = await handleCommand(interfering(1), stream, seats, take('patient'), context('patient'), deps, { maxAttempts: 2 });
    expect(result.state.taken).toEqual(['intruder0', 'intruder0', 'patient']);
  });

  it('answers the whole stream as it left it, as a read after it would (and only for a whole stream)', async () => {
    const stream = `car-${randomUUID()}`;
    await handleCommand(store, stream, seats, take('a'), context('a'), deps);
    const ctx = context('b');
    const result = await handleCommand(store, stream, seats, take('b'), ctx, deps);
    expect(result.stream).toEqual(await store.readStream(stream));
    expect((await handleCommand(store, stream, seats, take('b'), ctx, deps)).stream).toEqual(await store.readStream(stream));

    // A lifecycle that resumes folds only a stretch: no stream to answer with.
    const resuming = { ...seats, resumesAt: ['SeatTaken'] };
    expect((await handleCommand(store, stream, resuming, take('c'), context('c'), deps)).stream).toBeUndefined();
  });

  it('decides on the stream the caller has just read, and re-reads when someone appended since', async () => {
    const stream = `car-${randomUUID()}`;
    await handleCommand(store, stream, seats, take('a'), context('a'), deps);
    const reads = () => readsOf.filter((name) => name === stream).length;
    const readsOf: string[] = [];
    const counting = new Proxy(store, {
      get(target, property, receiver) {
        if (property !== 'readStream') return Reflect.get(target, property, receiver);
        return (name: string, ...rest: []) => (readsOf.push(name), target.readStream(name, ...rest));
      },
    });

    const read = await store.readStream(stream);
    const fresh = await handleCommand(counting, stream, seats, take('b'), context('b'), deps, { alreadyRead: read });
    expect(reads()).toBe(0);
    expect(fresh.stream).toEqual(await store.readStream(stream));

    // `read` is stale now (b took a seat): the append conflicts, and the retry decides on a fresh read.
    const stale = await handleCommand(counting, stream, seats, take('c'), context('c'), deps, { alreadyRead: read });
    expect(reads()).toBe(1);
    expect(stale.state.taken).toEqual(['a', 'b', 'c']);
    expect(stale.stream).toEqual(await store.readStream(stream));
  });
});
