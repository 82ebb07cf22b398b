import { describe, expect, it } from 'vitest';
import * as given from '../../../../tests/support/fixtures/ride.js';
import type { RideEvent } from '../../../../domain/ride/events.js';
import type { AuditTrail, TrailEvent } from './auditTrail.js';
import { machineStateName, replaySteps } from './replayModel.js';

const rideStream = `ride-${given.rideId}`;
const metadata: TrailEvent['metadata'] = { userId: null, userName: null, role: 'system', correlationId: null, causationId: null, commandId: null, schemaVersion: 1 };

/** Ride events as the admin trail carries them: PINs masked, each with its stream and revision. */
const onTheTrail = (events: readonly RideEvent[], streamName = rideStream): TrailEvent[] =>
  events.map(({ type, data }, revision) => {
    const masked = 'pin' in data ? { ...data, pin: '••••' } : data;
    return { streamName, revision: String(revision), type, time: given.now, data: masked as Record<string, unknown>, metadata };
  });

const trailOf = (events: TrailEvent[]): AuditTrail => ({ rideId: given.rideId, streams: [rideStream, `dispatch-${given.rideId}`], events });

describe('the replay of a ride’s audit trail', () => {
  it('starts before the first event, with no ride, and adds one step per event', () => {
    const steps = replaySteps(trailOf(onTheTrail(given.completed)));
    expect(steps).toHaveLength(given.completed.length + 1);
    expect(steps[0]).toMatchObject({ index: 0, event: null, machineState: 'idle', view: null, pin: 'none' });
    expect(steps.map((step) => step.view?.status ?? null)).toEqual([null, 'pending', 'accepted', 'accepted', 'arrived', 'in_progress', 'completed']);
  });

  it('shows at each step the banner and the progress step the rider’s tracking screen showed', () => {
    const steps = replaySteps(trailOf(onTheTrail(given.completed)));
    expect(steps.map((step) => step.view?.bannerKey ?? null)).toEqual([
      null,
      'ride.banner.lookingForDriver',
      'ride.banner.driverOnTheWay',
      'ride.banner.driverOnTheWay',
      'ride.banner.driverArrived',
      'ride.banner.tripInProgress',
      'ride.banner.tripCompleted',
    ]);
    expect(steps.map((step) => step.view?.progress ?? null)).toEqual([null, 0, 25, 25, 50, 75, 100]);
    // No live ETA in a replay: 5 minutes to the pickup, the quoted duration (or 15) to the dropoff.
    expect(steps[2]?.bannerMinutes).toBe(5);
    expect(steps[5]?.bannerMinutes).toBe(15);
  });

  it('moves the ride only on the ride’s own events: a dispatch or bid event in between changes nothing', () => {
    const [requested, assigned] = onTheTrail(given.accepted);
    const offered: TrailEvent = { ...requested!, streamName: `dispatch-${given.rideId}`, type: 'DriverAssigned', data: assigned!.data };
    const steps = replaySteps(trailOf([requested!, offered]));
    expect(steps[2]).toMatchObject({ source: 'dispatch', machineState: 'requested', view: { status: 'pending' } });
  });

  it('follows the fare: the quote, the rider’s offers, the agreed fare, the final fare', () => {
    const bidding: RideEvent[] = [
      given.biddingRideRequested(4_000),
      { type: 'FareCounterOffered', data: { rideId: given.rideId, offeredFareNgwee: 4_500, previousFareNgwee: 4_000, offeredAt: given.now } },
      { type: 'BidAccepted', data: { rideId: given.rideId, bidId: 'bid-1', driverId: given.fitDriver.driverId, agreedFareNgwee: 4_800, acceptedAt: given.now } },
      given.driverAssigned(given.fitDriver, 4_800),
    ];
    const fares = replaySteps(trailOf(onTheTrail(bidding))).map((step) => step.fare);
    expect(fares[1]).toEqual({ pricingMethod: 'bidding', quoteNgwee: 5_000, offeredNgwee: 4_000, agreedNgwee: null, finalNgwee: null });
    expect(fares[2]?.offeredNgwee).toBe(4_500);
    expect(fares[4]).toMatchObject({ agreedNgwee: 4_800, finalNgwee: null });
    expect(replaySteps(trailOf(onTheTrail(given.completed))).at(-1)?.fare.finalNgwee).toBe(given.quote.totalNgwee);
  });

  it('locks the PIN after five wrong tries and never knows the PIN itself', () => {
    const locked = [...given.arrived, ...[1, 2, 3, 4, 5].map(given.pinAttemptFailed)];
    const steps = replaySteps(trailOf(onTheTrail([...locked, given.pinIssued('9999', 'reissued_by_rider')])));
    expect(steps.map((step) => step.pin)).toEqual(['none', 'none', 'none', 'issued', 'issued', 'issued', 'issued', 'issued', 'issued', 'locked', 'issued']);
    expect(steps[9]?.machineState).toBe('arrived.pinLocked');
    expect(JSON.stringify(steps)).not.toMatch(/4821|9999/);
  });

  it('names nested states with dots', () => {
    expect(machineStateName('requested')).toBe('requested');
    expect(machineStateName({ arrived: 'awaitingPin' })).toBe('arrived.awaitingPin');
  });
});
