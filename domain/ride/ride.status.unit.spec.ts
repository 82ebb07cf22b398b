import { describe, expect, it } from 'vitest';
import { fold } from '../shared/index.js';
import { rideDecider } from './decider.js';
import {
  beforeTripStatuses,
  driverAssignedStatuses,
  endedRideStatuses,
  liveRideStatuses,
  openRideStatuses,
  rideWireStatuses,
  withDriverStatuses,
} from './values.js';
import { parseRideEvent, rideEventSchemas, type RideEvent } from './events.js';
import {
  accepted,
  arrived,
  biddingRideRequested,
  cancelled,
  completed,
  driverAssigned,
  expired,
  fitDriver,
  inProgress,
  pending,
  pinAttemptFailed,
  quote,
  rideId,
  rider,
  rideScheduled,
} from '../../tests/support/fixtures/ride.js';
import { describeRideState, rideStatus } from './status.js';

const stateAfter = (events: readonly RideEvent[]) => fold(rideDecider, events);

describe('rideStatus', () => {
  it.each([
    ['scheduled', [rideScheduled()], 0, 'ride.banner.scheduled'],
    ['pending', pending, 0, 'ride.banner.lookingForDriver'],
    ['accepted', accepted, 25, 'ride.banner.driverOnTheWay'],
    ['arrived', arrived, 50, 'ride.banner.driverArrived'],
    ['in_progress', inProgress, 75, 'ride.banner.tripInProgress'],
    ['completed', completed, 100, 'ride.banner.tripCompleted'],
    ['cancelled', cancelled, null, 'ride.banner.cancelled'],
    ['expired', expired, null, 'ride.banner.expired'],
  ] as const)('answers %s with the tracking screen’s progress and banner', (status, events, progress, bannerKey) =>
    expect(rideStatus(stateAfter(events))).toEqual({ status, progress, bannerKey, pinLocked: false, emergencyActive: false }));

  it('answers null for a ride with no events (the tracking screen’s "Ride Not Found")', () =>
    expect(rideStatus(stateAfter([]))).toBeNull());

  it('tells the rider when the PIN is locked, still as arrived', () => {
    const locked = rideStatus(stateAfter([...arrived, ...[1, 2, 3, 4, 5].map(pinAttemptFailed)]));
    expect(locked).toMatchObject({ status: 'arrived', pinLocked: true });
    expect(rideStatus(stateAfter([...arrived, ...[1, 2, 3, 4].map(pinAttemptFailed)]))?.pinLocked).toBe(false);
  });

  it('flags an emergency without changing the status', () => {
    const emergency: RideEvent = {
      type: 'EmergencyRaised',
      data: { rideId, raisedBy: 'rider', raisedByUserId: rider.userId, stage: 'in_progress', location: null, raisedAt: '2025-01-15T07:59:00.000Z' },
    };
    expect(rideStatus(stateAfter([...inProgress, emergency]))).toMatchObject({ status: 'in_progress', emergencyActive: true });
  });

  it('words each state for refusal messages', () => {
    expect(describeRideState(stateAfter(arrived))).toBe('driver has arrived');
    expect(describeRideState(stateAfter([]))).toBe('ride does not exist');
  });
});

describe('folding a ride’s events (as the browser does)', () => {
  it('keeps what decisions need: the driver, the agreed fare and the PIN', () => {
    const { context } = stateAfter(accepted);
    expect(context.driver).toEqual({ driverId: fitDriver.driverId, userId: fitDriver.userId });
    expect(context.agreedFareNgwee).toBe(quote.totalNgwee);
    expect(context.pin).toBe('4821');
  });

  it('ignores a driver assignment on a bidding ride that no accepted bid explains', () => {
    const state = stateAfter([biddingRideRequested(), driverAssigned()]);
    expect(rideStatus(state)?.status).toBe('pending');
    expect(state.context.driver).toBeNull();
  });

  it('records the final fare and both ratings', () => {
    const ratings: RideEvent[] = (['rider', 'driver'] as const).map((by, index) => ({
      type: 'RideRated',
      data: { rideId, by, raterUserId: `u-${by}`, rateeUserId: 'x', stars: 4 + index, comment: null, ratedAt: '2025-01-15T08:00:00.000Z' },
    }));
    const { context } = stateAfter([...completed, ...ratings]);
    expect(context.finalFareNgwee).toBe(quote.totalNgwee);
    expect(context.ratings).toEqual({ byRider: 4, byDriver: 5 });
  });
});

describe('ride event schemas', () => {
  it('versions every event type', () => {
    for (const [type, { version }] of Object.entries(rideEventSchemas)) expect(version, type).toBeGreaterThanOrEqual(1);
  });

  it('accepts every event the fixtures store', () => {
    for (const event of [...completed, ...cancelled.slice(1), ...expired.slice(1), rideScheduled()]) {
      expect(parseRideEvent(event)).toEqual(event);
    }
  });

  it('refuses a malformed event naming the field', () =>
    expect(() => parseRideEvent({ type: 'PinIssued', data: { rideId, pin: '123', reason: 'driver_assigned', issuedAt: 'now' } })).toThrow(
      /pin[\s\S]*issuedAt/,
    ));

  it('refuses an unknown event type', () => expect(() => parseRideEvent({ type: 'RideTeleported', data: {} })).toThrow(/RideTeleported/));
});

describe('the named sets of wire statuses', () => {
  it('a status is either open or ended, never both, and every status is one of them', () => {
    const open = new Set<string>(openRideStatuses);
    const ended = new Set<string>(endedRideStatuses);
    expect(rideWireStatuses.filter((status) => open.has(status) === ended.has(status))).toEqual([]);
    expect([...liveRideStatuses, ...withDriverStatuses, ...beforeTripStatuses].filter((status) => !open.has(status))).toEqual([]);
    expect(driverAssignedStatuses.filter((status) => ended.has(status))).toEqual(['completed']);
  });
});
