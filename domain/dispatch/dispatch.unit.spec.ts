import { describe, it } from 'vitest';
import type { Actor } from '../shared/command.js';
import { DeciderSpecification, fixedDeps } from '../shared/spec.js';
import type { DispatchCommand } from './commands.js';
import { dispatchDecider } from './decider.js';
import type { DispatchEvent, RideOffer } from './events.js';

const spec = DeciderSpecification.for(dispatchDecider);
const now = '2025-01-15T08:00:00.000Z';
const deps = fixedDeps({ now });
const dispatch: Actor = { userId: 'reactor:dispatch', role: 'system' };
const nearest: RideOffer[] = [
  { driverId: 'driver-1', distanceKm: 0.4 },
  { driverId: 'driver-2', distanceKm: 1.1 },
];

const record = (offers: RideOffer[], ring = 2, actor: Actor = dispatch): DispatchCommand => ({
  type: 'RecordRideOffer',
  data: { rideId: 'ride-1', offers, ring, h3Resolution: 8 },
  actor,
});
const offered: DispatchEvent = {
  type: 'RideOfferedToDrivers',
  data: { rideId: 'ride-1', offers: nearest, ring: 2, h3Resolution: 8, offeredAt: now },
};
const nobody: DispatchEvent = {
  type: 'NoDriversNearby',
  data: { rideId: 'ride-1', widestRing: 13, h3Resolution: 8, searchedAt: now },
};

describe('RecordRideOffer', () => {
  it('given a ride not yet searched, records whom it was offered to', () => spec([]).when(record(nearest), deps).then(offered));

  it('given a ride not yet searched and nobody found, records that the widest ring was empty', () =>
    spec([]).when(record([], 13), deps).then(nobody));

  it('given a ride already offered or found unmatched, changes nothing (a replayed request)', () => {
    spec([offered]).when(record(nearest), deps).thenNothingHappened();
    spec([nobody]).when(record(nearest), deps).thenNothingHappened();
  });

  it('refuses to offer the ride to the same driver twice in one search', () =>
    spec([]).when(record([nearest[0]!, nearest[0]!]), deps).thenThrows('invalid', 'offers'));

  it.each(['driver', 'passenger', 'admin', 'staff'] as const)('refuses a %s recording a search', (role) =>
    spec([]).when(record(nearest, 2, { userId: 'someone', role }), deps).thenThrows('forbidden'));
});
