import { describe, expect, it } from 'vitest';
import { fold } from '../shared/decider.js';
import { eventUpcasters } from '../upcasting/eventUpcasters.js';
import { routeEncodingDecider, routeEncodingStatus } from './decider.js';
import { routeEncodingEventSchema, type RouteEncodingEvent } from './events.js';

const coordinates = [
  { lat: -12.9587, lng: 28.6366 },
  { lat: -12.9701, lng: 28.6412 },
];

const storedV1 = {
  type: 'RouteEncodingSubmitted',
  data: {
    encodingId: 'enc-7',
    authorId: 'driver-mwila',
    startAddress: 'Ndola Central Hospital',
    endAddress: 'Levy Junction',
    streetNames: 'Broadway, President Avenue ,, broadway,Independence  Way',
    coordinates,
    region: 'Copperbelt Province',
    submittedAt: '2024-11-02T10:00:00.000Z',
  },
};

const v2Equivalent: RouteEncodingEvent = {
  type: 'RouteEncodingSubmitted',
  data: { ...storedV1.data, region: 'Copperbelt Province', streetNames: ['Broadway', 'President Avenue', 'Independence Way'] },
};

const laterEvents: RouteEncodingEvent[] = [
  ...[1, 2].map((n): RouteEncodingEvent => ({
    type: 'RouteVerificationRecorded',
    data: { encodingId: 'enc-7', contributorId: `driver-${n}`, revision: 1, isAccurate: false, recordedAt: '2024-11-03T10:00:00.000Z' },
  })),
  { type: 'RouteEncodingMarkedForFix', data: { encodingId: 'enc-7', revision: 1, markedAt: '2024-11-03T10:00:00.000Z' } },
];

/** What a reader does with what it loads: upcast, then check against today's schema. */
const read = (stored: { type: string; data: unknown; metadata?: { schemaVersion?: number } }) =>
  routeEncodingEventSchema.parse(eventUpcasters.upcast(stored));

describe('RouteEncodingSubmitted v1 → v2', () => {
  it('turns the comma-separated street names into the list v2 records', () => {
    expect(eventUpcasters.upcast({ ...storedV1, metadata: { schemaVersion: 1 } })).toEqual({
      ...v2Equivalent,
      metadata: { schemaVersion: 2 },
    });
  });

  it('folds a stored v1 stream (no schemaVersion recorded) to the same state as its v2 equivalent', () => {
    const fromV1 = fold(routeEncodingDecider, [read(storedV1), ...laterEvents.map(read)]);
    const fromV2 = fold(routeEncodingDecider, [v2Equivalent, ...laterEvents]);
    expect(fromV1.context).toEqual(fromV2.context);
    expect(routeEncodingStatus(fromV1)).toBe('needs_fix');
  });

  it('would not fold a v1 event without upcasting: today’s schema rejects its street names', () => {
    expect(routeEncodingEventSchema.safeParse(storedV1).success).toBe(false);
  });

  it('leaves a v2 event as it is', () => {
    const storedV2 = { ...v2Equivalent, metadata: { schemaVersion: 2 } };
    expect(eventUpcasters.upcast(storedV2)).toBe(storedV2);
  });

  it('refuses a v1 event whose data is not v1’s shape, naming the field', () => {
    expect(() => eventUpcasters.upcast({ ...storedV1, data: { ...storedV1.data, streetNames: ['Broadway'] } })).toThrow(/streetNames/);
  });
});
