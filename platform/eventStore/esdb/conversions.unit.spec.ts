import { compileFilter } from '../filter.js';
import { randomUUID } from 'node:crypto';
import { ANY, NO_STREAM, STREAM_EXISTS, type AllStreamResolvedEvent } from '@eventstore/db-client';
import { describe, expect, it } from 'vitest';
import { EventStoreError, InvalidArgumentError, START, type Position } from '../port.js';
import {
  toAllPage,
  toEsdbExpectedRevision,
  toEsdbReadPosition,
  toEventData,
  toRecordedEvent,
  validatePosition,
} from './conversions.js';

const at = (n: bigint): Position => ({ commit: n, prepare: n });

function record(position: bigint, overrides: Record<string, unknown> = {}): AllStreamResolvedEvent {
  return {
    event: {
      streamId: 'contract-1',
      id: randomUUID(),
      isJson: true,
      revision: 0n,
      type: 'SomethingHappened',
      created: new Date('2026-01-02T03:04:05Z'),
      data: { n: Number(position) },
      metadata: { correlationId: 'c-1' },
      position: at(position),
      ...overrides,
    },
    commitPosition: position,
  } as AllStreamResolvedEvent;
}

describe('expected revisions', () => {
  it.each([
    ['any', ANY],
    ['no_stream', NO_STREAM],
    ['stream_exists', STREAM_EXISTS],
  ] as const)('%s maps to the client’s %s', (port, esdb) => {
    expect(toEsdbExpectedRevision(port)).toBe(esdb);
  });

  it('an exact revision stays the same bigint', () => {
    expect(toEsdbExpectedRevision(41n)).toBe(41n);
  });
});

describe('positions', () => {
  it('START reads from the start; any other position is passed as {commit, prepare}', () => {
    expect(toEsdbReadPosition(START)).toBe('start');
    expect(toEsdbReadPosition({ commit: 12n, prepare: 10n })).toEqual({ commit: 12n, prepare: 10n });
  });

  it('accepts START and positions ≥ 0', () => {
    expect(validatePosition('fromPosition', START)).toEqual(START);
    expect(validatePosition('fromPosition', { commit: 0n, prepare: 0n })).toEqual({ commit: 0n, prepare: 0n });
  });

  it.each([
    ['numbers', { commit: 1, prepare: 1 }],
    ['a negative position other than START', { commit: -2n, prepare: 5n }],
    ['a missing prepare', { commit: 1n }],
    ['a string', '1/1'],
    ['null', null],
  ])('refuses %s, naming the field', (_label, value) => {
    expect(() => validatePosition('fromPosition', value)).toThrow(
      expect.objectContaining({ field: 'fromPosition', name: 'InvalidArgumentError' }),
    );
  });
});

describe('events going in', () => {
  it('are JSON events carrying the port’s metadata as their metadata', () => {
    const id = randomUUID();
    const data = toEventData({ id, type: 'RideRequested', data: '{"from":"Kitwe"}', metadata: '{"userId":"u-1"}' });
    expect(data).toEqual({
      id,
      contentType: 'application/json',
      type: 'RideRequested',
      data: { from: 'Kitwe' },
      metadata: { userId: 'u-1' },
    });
  });

  it('keep top-level JSON primitives', () => {
    expect(toEventData({ id: randomUUID(), type: 'Counted', data: '42', metadata: '{}' }).data).toBe(42);
  });
});

describe('events coming out', () => {
  it('carry id, type, data, metadata, stream, revision, position and creation time', () => {
    const source = record(70n, { revision: 3n, streamId: 'ride-9' });
    expect(toRecordedEvent(source)).toEqual({
      id: source.event!.id,
      type: 'SomethingHappened',
      data: { n: 70 },
      metadata: { correlationId: 'c-1' },
      streamName: 'ride-9',
      revision: 3n,
      position: { commit: 70n, prepare: 70n },
      created: new Date('2026-01-02T03:04:05Z'),
    });
  });

  it('have {} as metadata when the event had none', () => {
    expect(toRecordedEvent(record(1n, { metadata: undefined }))?.metadata).toEqual({});
  });

  it('decode binary data that holds JSON, and base64 what does not', () => {
    const json = record(1n, { isJson: false, data: new TextEncoder().encode('{"a":1}') });
    const bytes = record(2n, { isJson: false, data: new Uint8Array([0xff, 0x00]) });
    expect(toRecordedEvent(json)?.data).toEqual({ a: 1 });
    expect(toRecordedEvent(bytes)?.data).toBe('/wA=');
  });

  it('take the commit position when the record has none (older servers on stream reads)', () => {
    const source = { ...record(1n, { position: undefined }), commitPosition: 99n };
    expect(toRecordedEvent(source)?.position).toEqual({ commit: 99n, prepare: 99n });
  });

  it('are refused, with a reason, when the server gives no position at all', () => {
    const source = { ...record(1n, { position: undefined }), commitPosition: undefined };
    expect(() => toRecordedEvent(source)).toThrow(EventStoreError);
    expect(() => toRecordedEvent(source)).toThrow(/22\.6/);
  });

  it('are skipped when a link points at nothing', () => {
    expect(toRecordedEvent({ commitPosition: 5n })).toBeUndefined();
  });
});

describe('a page of $all', () => {
  const request = (from: Position, maxCount: number) => ({
    from,
    maxCount,
    requested: from === START ? maxCount : maxCount + 1,
    matches: undefined,
  });

  it('steps over the record at the (inclusive) start position', () => {
    const page = toAllPage([record(10n), record(20n), record(30n)], request(at(10n), 5));
    expect(page.events.map((e) => e.position.commit)).toEqual([20n, 30n]);
    expect(page.nextPosition).toEqual(at(30n));
    expect(page.isEndOfAll).toBe(true);
  });

  it('returns at most maxCount and is not at the end when the server had more', () => {
    const page = toAllPage([record(10n), record(20n), record(30n)], request(at(10n), 2));
    expect(page.events.map((e) => e.position.commit)).toEqual([20n, 30n]);
    expect(page.isEndOfAll).toBe(false);
  });

  it('from START keeps the first record and truncates nothing it did not ask for', () => {
    const page = toAllPage([record(10n), record(20n)], request(START, 2));
    expect(page.events.map((e) => e.position.commit)).toEqual([10n, 20n]);
    expect(page.isEndOfAll).toBe(false);
  });

  it('leaves out system events and system streams, but moves past them', () => {
    const records = [record(10n), record(20n, { type: '$metadata' }), record(30n, { streamId: '$$ride-1' })];
    const page = toAllPage(records, request(START, 10));
    expect(page.events.map((e) => e.position.commit)).toEqual([10n]);
    expect(page.nextPosition).toEqual(at(30n));
  });

  it('applies the filter after scanning, so the next position still advances', () => {
    const records = [record(10n, { streamId: 'ride-1' }), record(20n, { streamId: 'bid-1' })];
    const page = toAllPage(records, { ...request(START, 10), matches: compileFilter({ streamNamePrefixes: ['ride-'] }) });
    expect(page.events.map((e) => e.streamName)).toEqual(['ride-1']);
    expect(page.nextPosition).toEqual(at(20n));
  });

  it('stays where it was when nothing follows', () => {
    const page = toAllPage([record(10n)], request(at(10n), 5));
    expect(page).toEqual({ events: [], nextPosition: at(10n), isEndOfAll: true });
  });
});

describe('filters', () => {
  it('match stream-name or event-type prefixes', () => {
    const ride = toRecordedEvent(record(1n, { streamId: 'ride-1', type: 'RideRequested' }))!;
    expect(compileFilter({ streamNamePrefixes: ['ride-', 'bid-'] })!(ride)).toBe(true);
    expect(compileFilter({ streamNamePrefixes: ['bid-'] })!(ride)).toBe(false);
    expect(compileFilter({ eventTypePrefixes: ['Ride'] })!(ride)).toBe(true);
    expect(compileFilter({ eventTypePrefixes: [] })!(ride)).toBe(false);
  });

  it('refuse a filter without a list of prefixes', () => {
    expect(() => compileFilter({ streamNamePrefixes: 'ride-' } as never)).toThrow(InvalidArgumentError);
    expect(() => compileFilter({} as never)).toThrow(expect.objectContaining({ field: 'filter' }));
  });
});
