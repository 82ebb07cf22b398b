import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AppendTooLargeError,
  InvalidArgumentError,
  START,
  StreamDeletedError,
  WrongExpectedVersionError,
  comparePositions,
  type AllFilter,
  type AllSubscriptionMessage,
  type EventStore,
  type EventToAppend,
  type RecordedEvent,
} from '../../platform/eventStore/port.js';

export interface EventStoreUnderTest {
  store: EventStore;
  dispose(): Promise<void>;
}

/**
 * What every EventStore adapter must do. Each test uses streams of its own, so the suite also
 * runs against a shared EventStoreDB without cleaning it.
 */
export function describeEventStoreContract(
  adapter: string,
  open: () => Promise<EventStoreUnderTest>,
  options: {
    skip?: string;
    /**
     * Whether an `any` append whose FIRST id is new but a later one is already in the stream is
     * refused. PostgreSQL checks every id; EventStoreDB checks only the first (its idempotence
     * for `any` is a best-effort cache), so it writes such an append.
     */
    checksEveryIdForAny?: boolean;
  } = {},
) {
  const suite = options.skip ? describe.skip : describe;
  if (options.skip) console.log(`[contract] ${adapter}: skipped — ${options.skip}`);

  suite(`EventStore contract: ${adapter}`, () => {
    let subject: EventStoreUnderTest;
    let store: EventStore;
    beforeAll(async () => {
      subject = await open();
      store = subject.store;
    });
    afterAll(async () => {
      await subject?.dispose();
    });

    const stream = (category = 'contract') => `${category}-${randomUUID()}`;
    const event = (type = 'SomethingHappened', data: Record<string, unknown> = { n: 1 }): EventToAppend => ({
      id: randomUUID(),
      type,
      data: data as EventToAppend['data'],
      metadata: { correlationId: 'c-1', userId: 'u-1', role: 'passenger', schemaVersion: 1 },
    });
    const types = (events: RecordedEvent[]) => events.map((e) => e.type);

    describe('appending with an expected state', () => {
      it('no_stream creates a stream and refuses an existing one', async () => {
        const name = stream();
        const first = await store.appendToStream(name, [event('A'), event('B')], { expectedRevision: 'no_stream' });
        expect(first.nextExpectedRevision).toBe(1n);
        await expect(store.appendToStream(name, [event()], { expectedRevision: 'no_stream' })).rejects.toSatisfy(
          (error) => error instanceof WrongExpectedVersionError && error.actual === 1n,
        );
      });

      it('stream_exists refuses a missing stream and accepts an existing one', async () => {
        const name = stream();
        await expect(store.appendToStream(name, [event()], { expectedRevision: 'stream_exists' })).rejects.toSatisfy(
          (error) => error instanceof WrongExpectedVersionError && error.actual === 'no_stream',
        );
        await store.appendToStream(name, [event()], { expectedRevision: 'no_stream' });
        const result = await store.appendToStream(name, [event()], { expectedRevision: 'stream_exists' });
        expect(result.nextExpectedRevision).toBe(1n);
      });

      it('any appends whatever the stream holds', async () => {
        const name = stream();
        expect((await store.appendToStream(name, [event()], { expectedRevision: 'any' })).nextExpectedRevision).toBe(0n);
        expect((await store.appendToStream(name, [event()])).nextExpectedRevision).toBe(1n);
      });

      it('an append that tells what it recorded tells what a read answers', async () => {
        const name = stream();
        const appends = [
          await store.appendToStream(name, [event('A', { n: 1, nested: { b: 2, a: [1, 'x'] } })], { expectedRevision: 'no_stream' }),
          await store.appendToStream(name, [event('B'), event('C', { z: null })], { expectedRevision: 0n }),
        ];
        const read = await store.readStream(name);
        for (const [index, append] of appends.entries()) {
          if (!append.recorded) continue;
          const revisions = append.recorded.map((recorded) => recorded.revision);
          expect(append.recorded).toEqual(read.filter((recorded) => revisions.includes(recorded.revision)));
          expect(append.recorded.at(-1)?.revision).toBe(append.nextExpectedRevision);
          expect(append.recorded.at(-1)?.position).toEqual(append.position);
          expect(append.recorded).toHaveLength(index === 0 ? 1 : 2);
        }
      });

      it('an exact revision must be the last one, and a stale one is refused with the actual revision', async () => {
        const name = stream();
        await store.appendToStream(name, [event(), event()]);
        await store.appendToStream(name, [event('C')], { expectedRevision: 1n });
        await expect(store.appendToStream(name, [event()], { expectedRevision: 1n })).rejects.toSatisfy(
          (error) => error instanceof WrongExpectedVersionError && error.expected === 1n && error.actual === 2n,
        );
        await expect(store.appendToStream(stream(), [event()], { expectedRevision: 0n })).rejects.toBeInstanceOf(
          WrongExpectedVersionError,
        );
        expect(types(await store.readStream(name))).toEqual(['SomethingHappened', 'SomethingHappened', 'C']);
      });

      it('answers the revision of the last event appended and a position that covers it, alone or in a batch', async () => {
        // Callers wait for read models to reach this position: it must include the append's
        // events and none of a later append's.
        const name = stream();
        const results = [
          await store.appendToStream(name, [event('A')], { expectedRevision: 'no_stream' }),
          await store.appendToStream(name, [event('B'), event('C')], { expectedRevision: 0n }),
          await store.appendToStream(name, [event('D')], { expectedRevision: 2n }),
          await store.appendToStream(name, [event('E'), event('F'), event('G')], { expectedRevision: 3n }),
        ];
        const read = await store.readStream(name);
        expect(results.map((r) => r.nextExpectedRevision)).toEqual([0n, 2n, 3n, 6n]);
        [0, 2, 3, 6].forEach((last, i) => {
          expect(comparePositions(results[i]!.position, read[last]!.position)).toBeGreaterThanOrEqual(0);
          if (i < 3) expect(comparePositions(results[i]!.position, read[last + 1]!.position)).toBeLessThan(0);
        });
        const batch = await store.appendToStream(stream(), [event('H'), event('I')], { expectedRevision: 'no_stream' });
        expect(batch.nextExpectedRevision).toBe(1n);
      });

      it('positions grow with every append', async () => {
        const a = await store.appendToStream(stream(), [event()]);
        const b = await store.appendToStream(stream(), [event()]);
        expect(comparePositions(a.position, b.position)).toBeLessThan(0);
      });
    });

    describe('idempotence by event id', () => {
      it('a retried append with the same ids at the same expected revision writes nothing twice', async () => {
        const name = stream();
        const batch = [event('A'), event('B')];
        const first = await store.appendToStream(name, batch, { expectedRevision: 'no_stream' });
        const retry = await store.appendToStream(name, batch, { expectedRevision: 'no_stream' });
        expect(retry.nextExpectedRevision).toBe(first.nextExpectedRevision);
        expect(comparePositions(retry.position, first.position)).toBe(0);
        await store.appendToStream(name, [event('C')], { expectedRevision: 1n });
        const late = await store.appendToStream(name, batch, { expectedRevision: 'no_stream' });
        expect(late.nextExpectedRevision).toBe(1n);
        expect(types(await store.readStream(name))).toEqual(['A', 'B', 'C']);
      });

      it('is idempotent at an exact revision and with any', async () => {
        const name = stream();
        await store.appendToStream(name, [event('A')]);
        const batch = [event('B'), event('C')];
        await store.appendToStream(name, batch, { expectedRevision: 0n });
        expect((await store.appendToStream(name, batch, { expectedRevision: 0n })).nextExpectedRevision).toBe(2n);
        expect((await store.appendToStream(name, batch, { expectedRevision: 'any' })).nextExpectedRevision).toBe(2n);
        expect(await store.readStream(name)).toHaveLength(3);
      });

      it('partly repeated ids conflict and write nothing', async () => {
        const name = stream();
        const a = event('A');
        const b = event('B');
        await store.appendToStream(name, [a, b]);
        await expect(store.appendToStream(name, [a, event('X')], { expectedRevision: 'no_stream' })).rejects.toBeInstanceOf(
          WrongExpectedVersionError,
        );
        await expect(store.appendToStream(name, [b, event('Y')], { expectedRevision: 'any' })).rejects.toBeInstanceOf(
          WrongExpectedVersionError,
        );
        expect(types(await store.readStream(name))).toEqual(['A', 'B']);
      });

      it.runIf(options.checksEveryIdForAny)('any refuses an append that repeats a later id', async () => {
        const name = stream();
        const a = event('A');
        await store.appendToStream(name, [a]);
        await expect(store.appendToStream(name, [event('Z'), a], { expectedRevision: 'any' })).rejects.toBeInstanceOf(
          WrongExpectedVersionError,
        );
        expect(types(await store.readStream(name))).toEqual(['A']);
      });
    });

    describe('reading a stream', () => {
      it('reads forwards and backwards with a max count and a start revision', async () => {
        const name = stream();
        await store.appendToStream(name, ['E0', 'E1', 'E2', 'E3', 'E4'].map((t) => event(t)));
        expect(types(await store.readStream(name, { maxCount: 2 }))).toEqual(['E0', 'E1']);
        expect(types(await store.readStream(name, { fromRevision: 3n }))).toEqual(['E3', 'E4']);
        expect(types(await store.readStream(name, { direction: 'backwards', maxCount: 2 }))).toEqual(['E4', 'E3']);
        expect(types(await store.readStream(name, { direction: 'backwards', fromRevision: 1n }))).toEqual(['E1', 'E0']);
        const [last] = await store.readStream(name, { direction: 'backwards', fromRevision: 'end', maxCount: 1 });
        expect(last?.revision).toBe(4n);
      });

      it('orders revisions as numbers, not text, past ten events', async () => {
        const name = stream();
        const twelve = Array.from({ length: 12 }, (_, i) => event(`E${i}`));
        await store.appendToStream(name, twelve.slice(0, 9));
        await store.appendToStream(name, twelve.slice(9));
        expect(types(await store.readStream(name))).toEqual(twelve.map((e) => e.type));
        expect(types(await store.readStream(name, { direction: 'backwards', maxCount: 4 }))).toEqual(['E11', 'E10', 'E9', 'E8']);
        expect(types(await store.readStream(name, { fromRevision: 8n, maxCount: 3 }))).toEqual(['E8', 'E9', 'E10']);
      });

      it('keeps data, metadata, ids and revisions as appended', async () => {
        const name = stream();
        const appended = event('Typed', { text: 'Kitwe → Ndola', amount: 2550, nested: { ok: true, list: [1, null] } });
        await store.appendToStream(name, [appended]);
        const [read] = await store.readStream(name);
        expect(read).toMatchObject({
          id: appended.id,
          type: 'Typed',
          data: appended.data,
          metadata: appended.metadata,
          streamName: name,
          revision: 0n,
        });
        expect(read?.created).toBeInstanceOf(Date);
      });

      it('answers [] for a stream that does not exist', async () => {
        expect(await store.readStream(stream())).toEqual([]);
      });
    });

    describe('reading $all', () => {
      it('pages through $all in order, each event once', async () => {
        const category = `page${randomUUID().slice(0, 8)}`;
        const names = [stream(category), stream(category), stream(category)];
        for (let i = 0; i < 9; i++) await store.appendToStream(names[i % 3]!, [event('Paged', { i })]);
        const seen: number[] = [];
        let position = START;
        for (;;) {
          const page = await store.readAll({ fromPosition: position, maxCount: 4, filter: { streamNamePrefixes: [category] } });
          seen.push(...page.events.map((e) => (e.data as { i: number }).i));
          for (const e of page.events) expect(comparePositions(e.position, position)).toBeGreaterThan(0);
          position = page.nextPosition;
          if (page.isEndOfAll) break;
        }
        expect(seen).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
      });

      it('filters by event-type prefix', async () => {
        const prefix = `Only${randomUUID().slice(0, 8).replace(/-/g, '')}`;
        const { position } = await store.appendToStream(stream(), [event(`${prefix}One`), event('Other'), event(`${prefix}Two`)]);
        const page = await readAllAfter(store, { eventTypePrefixes: [prefix] });
        expect(types(page)).toEqual([`${prefix}One`, `${prefix}Two`]);
        expect(comparePositions(page.at(-1)!.position, position)).toBe(0);
      });

      it('filters by a union of stream-name and event-type prefixes (anyOf), scanning past what it leaves out', async () => {
        const tag = randomUUID().slice(0, 8).replace(/-/g, '');
        const ours = stream(`union${tag}`);
        await store.appendToStream(ours, [event('Plain')]);
        const { position } = await store.appendToStream(stream(), [event(`Typed${tag}`), event('Unrelated')]);
        const filter = { anyOf: [{ streamNamePrefixes: [`union${tag}`] }, { eventTypePrefixes: [`Typed${tag}`] }] };
        const events = await readAllAfter(store, filter);
        expect(types(events)).toEqual(['Plain', `Typed${tag}`]);
        const tail = await store.readAll({ fromPosition: events.at(-1)!.position, maxCount: 1000, filter });
        expect(tail.events).toEqual([]);
        expect(comparePositions(tail.nextPosition, position)).toBeGreaterThanOrEqual(0);
      });
    });

    describe('subscribing to $all', () => {
      it('catches up with what exists, then receives live events', async () => {
        const category = `sub${randomUUID().slice(0, 8)}`;
        await store.appendToStream(stream(category), [event('Before1'), event('Before2')]);
        const subscription = store.subscribeToAll({ filter: { streamNamePrefixes: [category] } });
        const received: string[] = [];
        let caughtUpAt = -1;
        const done = (async () => {
          for await (const message of subscription) {
            if (message.kind === 'caughtUp' && caughtUpAt < 0) {
              caughtUpAt = received.length;
              await store.appendToStream(stream(category), [event('Live1')]);
              await store.appendToStream(stream(category), [event('Live2')]);
            }
            if (message.kind === 'event') received.push(message.event.type);
            if (received.length === 4) break;
          }
        })();
        await withTimeout(done, 10_000);
        await subscription.stop();
        expect(caughtUpAt).toBe(2);
        expect(received).toEqual(['Before1', 'Before2', 'Live1', 'Live2']);
      });

      it('resumes after a checkpoint without repeating events', async () => {
        const category = `res${randomUUID().slice(0, 8)}`;
        const first = await store.appendToStream(stream(category), [event('One')]);
        await store.appendToStream(stream(category), [event('Two')]);
        const subscription = store.subscribeToAll({
          fromPosition: first.position,
          filter: { streamNamePrefixes: [category] },
        });
        const got: AllSubscriptionMessage[] = [];
        for await (const message of subscription) {
          got.push(message);
          if (message.kind === 'caughtUp') break;
        }
        await subscription.stop();
        expect(got.filter((m) => m.kind === 'event').map((m) => (m.kind === 'event' ? m.event.type : ''))).toEqual(['Two']);
      });

      it('stops when its signal aborts', async () => {
        const controller = new AbortController();
        const subscription = store.subscribeToAll({ signal: controller.signal, filter: { streamNamePrefixes: ['none-'] } });
        const run = (async () => {
          for await (const message of subscription) void message;
        })();
        setTimeout(() => controller.abort(), 50);
        await withTimeout(run, 5_000);
      });
    });

    describe('deleting', () => {
      it('soft delete hides the stream; a later append recreates it and revisions go on', async () => {
        const name = stream();
        await store.appendToStream(name, [event('A'), event('B')]);
        await store.deleteStream(name, { expectedRevision: 1n });
        expect(await store.readStream(name)).toEqual([]);
        const again = await store.appendToStream(name, [event('C')], { expectedRevision: 'no_stream' });
        expect(again.nextExpectedRevision).toBe(2n);
        const events = await store.readStream(name);
        expect(types(events)).toEqual(['C']);
        expect(events[0]?.revision).toBe(2n);
      });

      it('soft delete checks the expected revision', async () => {
        const name = stream();
        await store.appendToStream(name, [event()]);
        await expect(store.deleteStream(name, { expectedRevision: 5n })).rejects.toBeInstanceOf(WrongExpectedVersionError);
        expect(await store.readStream(name)).toHaveLength(1);
      });

      it('a tombstoned stream can never be read or written again', async () => {
        const name = stream();
        await store.appendToStream(name, [event()]);
        await store.tombstoneStream(name);
        await expect(store.readStream(name)).rejects.toBeInstanceOf(StreamDeletedError);
        await expect(store.appendToStream(name, [event()])).rejects.toBeInstanceOf(StreamDeletedError);
        await expect(store.appendToStream(name, [event()], { expectedRevision: 'no_stream' })).rejects.toBeInstanceOf(
          StreamDeletedError,
        );
        await expect(store.deleteStream(name)).rejects.toBeInstanceOf(StreamDeletedError);
      });
    });

    describe('bad input is refused with a clear error and writes nothing', () => {
      const invalid: Array<[string, () => Promise<unknown>, string]> = [
        ['an empty stream name', () => store.appendToStream('', [event()]), 'streamName'],
        ['a stream name without a category', () => store.appendToStream('nodash', [event()]), 'streamName'],
        ['a stream name with spaces', () => store.appendToStream('ride-a b', [event()]), 'streamName'],
        ['a system stream', () => store.appendToStream('$all', [event()]), 'streamName'],
        ['a negative revision', () => store.appendToStream(stream(), [event()], { expectedRevision: -1n }), 'expectedRevision'],
        ['a fractional revision', () => store.appendToStream(stream(), [event()], { expectedRevision: 1.5 as never }), 'expectedRevision'],
        ['a number revision', () => store.appendToStream(stream(), [event()], { expectedRevision: 1 as never }), 'expectedRevision'],
        ['no events', () => store.appendToStream(stream(), []), 'events'],
        ['an id that is not a UUID', () => store.appendToStream(stream(), [{ ...event(), id: 'x' }]), 'events[0].id'],
        ['a type with spaces', () => store.appendToStream(stream(), [{ ...event(), type: 'a b' }]), 'events[0].type'],
        ['data that is not JSON (bigint)', () => store.appendToStream(stream(), [{ ...event(), data: { n: 1n } as never }]), 'events[0].data.n'],
        ['data that is not JSON (NaN)', () => store.appendToStream(stream(), [{ ...event(), data: { n: Number.NaN } }]), 'events[0].data.n'],
        ['data that is not JSON (a Date)', () => store.appendToStream(stream(), [{ ...event(), data: { at: new Date() } as never }]), 'events[0].data.at'],
        ['data that is not JSON (a function)', () => store.appendToStream(stream(), [{ ...event(), data: (() => 1) as never }]), 'events[0].data'],
        ['the same id twice in one append', () => { const e = event(); return store.appendToStream(stream(), [e, e]); }, 'events[1].id'],
        ['a negative read revision', () => store.readStream(stream(), { fromRevision: -3n }), 'fromRevision'],
        ['a zero max count', () => store.readStream(stream(), { maxCount: 0 }), 'maxCount'],
      ];
      it.each(invalid)('refuses %s', async (_label, call, field) => {
        await expect(call()).rejects.toSatisfy((error) => error instanceof InvalidArgumentError && error.field === field);
      });

      it('refuses an append over 1 MiB and writes none of it', async () => {
        const name = stream();
        const big = 'x'.repeat(600 * 1024);
        await expect(
          store.appendToStream(name, [event('Big', { big }), event('Big', { big })]),
        ).rejects.toBeInstanceOf(AppendTooLargeError);
        expect(await store.readStream(name)).toEqual([]);
      });

      it('refuses a cyclic data object', async () => {
        const data: Record<string, unknown> = {};
        data.self = data;
        await expect(store.appendToStream(stream(), [{ ...event(), data: data as never }])).rejects.toBeInstanceOf(
          InvalidArgumentError,
        );
      });
    });
  });
}

async function readAllAfter(store: EventStore, filter: AllFilter) {
  const events: RecordedEvent[] = [];
  let position = START;
  for (;;) {
    const page = await store.readAll({ fromPosition: position, maxCount: 1000, filter });
    events.push(...page.events);
    position = page.nextPosition;
    if (page.isEndOfAll) return events;
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms)),
  ]);
}
