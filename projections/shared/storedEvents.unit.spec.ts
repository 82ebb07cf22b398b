import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '../../platform/eventStore/port.js';
import { readPaymentEvent, readRideEvent } from './storedEvents.js';

const recorded = (type: string, data: Record<string, string>): RecordedEvent => ({
  id: crypto.randomUUID(),
  type,
  data,
  metadata: {},
  streamName: `ride-${data.rideId}`,
  revision: 3n,
  position: { commit: 10n, prepare: 10n },
  created: new Date('2026-12-07T08:00:00Z'),
});

describe('reading stored events for the read models', () => {
  it('reads a recorded event once, whichever read model asks again (a rebuild gives each page to all of them)', () => {
    const expired = recorded('RideExpired', { rideId: 'r-1', searchStartedAt: '2026-12-07T07:50:00.000Z', expiredAt: '2026-12-07T08:00:00.000Z' });
    const first = readRideEvent(expired);
    expect(first).toMatchObject({ event: { type: 'RideExpired', data: { rideId: 'r-1' } }, streamName: 'ride-r-1', revision: 3n });
    expect(readRideEvent(expired)).toBe(first);
    // Another event with the same content is read on its own.
    expect(readRideEvent({ ...expired })).not.toBe(first);
    expect(readRideEvent({ ...expired })).toEqual(first);
  });

  it('still refuses an event that breaks its schema, every time, and skips types it does not know', () => {
    const broken = recorded('RideExpired', { rideId: 'r-2', expiredAt: 'not a time' });
    expect(() => readRideEvent(broken)).toThrow();
    expect(() => readRideEvent(broken)).toThrow();
    expect(readRideEvent(recorded('SomethingNew', { rideId: 'r-3' }))).toBeNull();
    expect(readPaymentEvent(recorded('RideExpired', { rideId: 'r-4' }))).toBeNull();
  });
});
