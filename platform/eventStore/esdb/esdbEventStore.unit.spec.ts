import { randomUUID } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { EventStoreDBClient } from '@eventstore/db-client';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import {
  AppendTooLargeError,
  InvalidArgumentError,
  UnavailableError,
  type EventToAppend,
} from '../port.js';
import { createEventStoreDbEventStore, EventStoreDbEventStore } from './esdbEventStore.js';
import { pingEventStoreDb } from './ping.js';

/** Nothing listens on port 1: every call that reaches the network fails there. */
const UNREACHABLE = 'esdb://127.0.0.1:1?tls=false';

const client = EventStoreDBClient.connectionString(UNREACHABLE);
const store = new EventStoreDbEventStore(client);
const network = ['appendToStream', 'readStream', 'readAll', 'deleteStream', 'tombstoneStream', 'subscribeToAll'] as const;
const calls = network.map((method) => vi.spyOn(client, method));

afterEach(() => calls.forEach((spy) => spy.mockClear()));
afterAll(() => store.close());

const stream = () => `contract-${randomUUID()}`;
const event = (data: EventToAppend['data'] = { n: 1 }): EventToAppend => ({
  id: randomUUID(),
  type: 'SomethingHappened',
  data,
  metadata: { correlationId: 'c-1' },
});

describe('EventStoreDB adapter: bad input is refused before any network call', () => {
  const invalid: Array<[string, () => Promise<unknown>, string]> = [
    ['an empty stream name', () => store.appendToStream('', [event()]), 'streamName'],
    ['a system stream', () => store.appendToStream('$all', [event()]), 'streamName'],
    ['a negative expected revision', () => store.appendToStream(stream(), [event()], { expectedRevision: -1n }), 'expectedRevision'],
    ['a number as expected revision', () => store.appendToStream(stream(), [event()], { expectedRevision: 1 as never }), 'expectedRevision'],
    ['no events', () => store.appendToStream(stream(), []), 'events'],
    ['an id that is not a UUID', () => store.appendToStream(stream(), [{ ...event(), id: 'x' }]), 'events[0].id'],
    ['data that is not JSON', () => store.appendToStream(stream(), [event({ at: new Date() } as never)]), 'events[0].data.at'],
    ['the same id twice', () => { const e = event(); return store.appendToStream(stream(), [e, e]); }, 'events[1].id'],
    ['a read from a negative revision', () => store.readStream(stream(), { fromRevision: -3n }), 'fromRevision'],
    ['a read of zero events', () => store.readStream(stream(), { maxCount: 0 }), 'maxCount'],
    ['a read of $all from a made-up position', () => store.readAll({ fromPosition: { commit: -5n, prepare: 0n } }), 'fromPosition'],
    ['a read of $all with a filter without prefixes', () => store.readAll({ filter: {} as never }), 'filter'],
    ['a soft delete of a bad stream name', () => store.deleteStream('nodash'), 'streamName'],
    ['a tombstone with a bad expected revision', () => store.tombstoneStream(stream(), { expectedRevision: 'maybe' as never }), 'expectedRevision'],
  ];

  it.each(invalid)('refuses %s', async (_label, call, field) => {
    await expect(call()).rejects.toSatisfy((error) => error instanceof InvalidArgumentError && error.field === field);
    for (const spy of calls) expect(spy).not.toHaveBeenCalled();
  });

  it('refuses an append over 1 MiB', async () => {
    const big = 'x'.repeat(600 * 1024);
    await expect(store.appendToStream(stream(), [event({ big }), event({ big })])).rejects.toBeInstanceOf(AppendTooLargeError);
    expect(client.appendToStream).not.toHaveBeenCalled();
  });

  it('refuses a subscription with a bad filter or position', () => {
    expect(() => store.subscribeToAll({ filter: { eventTypePrefixes: 'Ride' } as never })).toThrow(InvalidArgumentError);
    expect(() => store.subscribeToAll({ fromPosition: { commit: 1, prepare: 1 } as never })).toThrow(
      expect.objectContaining({ field: 'fromPosition' }),
    );
    expect(client.subscribeToAll).not.toHaveBeenCalled();
  });

  it('refuses a connection string that is not one', () => {
    expect(() => createEventStoreDbEventStore('http://localhost:2113')).toThrow(
      expect.objectContaining({ field: 'connectionString' }),
    );
  });
});

describe('EventStoreDB adapter: no server answering is UnavailableError', () => {
  it('a valid append (the raw gRPC code-14 rejection) fails fast as UnavailableError', async () => {
    const started = Date.now();
    const error = await store.appendToStream(stream(), [event()], { expectedRevision: 'no_stream' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnavailableError);
    expect((error as UnavailableError).cause).toMatchObject({ code: 14 });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(client.appendToStream).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['reading a stream', () => store.readStream(stream())],
    ['reading $all', () => store.readAll({ maxCount: 10 })],
    ['soft-deleting', () => store.deleteStream(stream(), { expectedRevision: 0n })],
    ['soft-deleting with stream_exists', () => store.deleteStream(stream(), { expectedRevision: 'stream_exists' })],
    ['tombstoning', () => store.tombstoneStream(stream())],
  ])('%s fails as UnavailableError', async (_label, call) => {
    await expect(call()).rejects.toBeInstanceOf(UnavailableError);
  });

  it('a subscription fails as UnavailableError', async () => {
    const subscription = store.subscribeToAll({ filter: { streamNamePrefixes: ['contract-'] } });
    const run = (async () => {
      for await (const message of subscription) void message;
    })();
    await expect(run).rejects.toBeInstanceOf(UnavailableError);
  });

  it('the probe says so', async () => {
    await expect(pingEventStoreDb(UNREACHABLE, 2_000)).rejects.toBeInstanceOf(UnavailableError);
  });
});

describe('EventStoreDB adapter: closing', () => {
  it('stops live subscriptions, even one waiting on a server that never answers', async () => {
    const silent = EventStoreDBClient.connectionString(UNREACHABLE);
    vi.spyOn(silent, 'readAll').mockReturnValue(
      Object.assign(new PassThrough({ objectMode: true }), { cancel: async () => {} }) as never,
    );
    const own = new EventStoreDbEventStore(silent);
    const next = own.subscribeToAll()[Symbol.asyncIterator]().next();
    await own.close();
    expect(await next).toEqual({ done: true, value: undefined });
  });
});
