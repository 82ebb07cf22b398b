import { describe, expect, it } from 'vitest';
import { partyOnRide, rideFactsOf } from './facts.js';
import {
  accepted,
  admin,
  cancelled,
  completed,
  driverUser,
  expired,
  inProgress,
  otherDriverUser,
  otherPassenger,
  pending,
  rideCancelledByRider,
  rideExpired,
  rider,
  rideId,
  tripCompleted,
  tripStarted,
} from '../../tests/support/fixtures/ride.js';

const dataOf = (event: { data: object }) => event.data as Record<string, string>;

describe('ride facts', () => {
  it('are null for a stream with no ride', () => expect(rideFactsOf([])).toBeNull());

  it('name the rider, and the driver once one is assigned', () => {
    expect(rideFactsOf(pending)).toEqual({
      rideId,
      status: 'pending',
      riderUserId: rider.userId,
      driverUserId: null,
      tripStartedAt: null,
      endedAt: null,
    });
    expect(rideFactsOf(accepted)).toMatchObject({ status: 'accepted', driverUserId: driverUser.userId });
  });

  it('say when the trip started and when the ride ended, however it ended', () => {
    expect(rideFactsOf(inProgress)).toMatchObject({ status: 'in_progress', tripStartedAt: dataOf(tripStarted).startedAt, endedAt: null });
    expect(rideFactsOf(completed)).toMatchObject({ status: 'completed', endedAt: dataOf(tripCompleted).completedAt });
    expect(rideFactsOf(cancelled)).toMatchObject({ status: 'cancelled', endedAt: dataOf(rideCancelledByRider).cancelledAt });
    expect(rideFactsOf(expired)).toMatchObject({ status: 'expired', endedAt: dataOf(rideExpired).expiredAt });
  });

  it('tell the rider and the assigned driver apart from everyone else', () => {
    const facts = rideFactsOf(accepted)!;
    expect(partyOnRide(rider, facts)).toBe('rider');
    expect(partyOnRide(driverUser, facts)).toBe('driver');
    for (const someoneElse of [otherPassenger, otherDriverUser, admin, { userId: rider.userId, role: 'driver' as const }]) {
      expect(partyOnRide(someoneElse, facts)).toBeNull();
    }
    expect(partyOnRide(driverUser, rideFactsOf(pending)!)).toBeNull();
  });
});
