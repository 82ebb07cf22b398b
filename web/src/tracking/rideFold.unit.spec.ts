import { trackingEn } from '../i18n/locales/tracking.en.js';
import { describe, expect, it } from 'vitest';
import * as given from '../../../tests/support/fixtures/ride.js';
import type { RideEvent } from '../../../domain/ride/events.js';
import type { WireRideEvent } from './rideApi.js';
import { foldRideEvents, rideView } from './rideFold.js';
import { bannerTextKey, etaMinutes } from './StatusBanner.js';
import { currentStep } from './TripProgress.js';

/** Events as GET /api/rides/:id/events answers them: no PIN anywhere. */
const onTheWire = (events: readonly RideEvent[]): WireRideEvent[] =>
  events.map(({ type, data }) => {
    const { pin: _pin, ...rest } = data as Record<string, unknown>;
    return { type, data: rest, time: '2025-01-15T08:00:00.000Z' };
  });

const viewOf = (events: readonly RideEvent[], party: 'rider' | 'driver' | 'admin' | null = 'rider') => rideView(foldRideEvents(onTheWire(events)), party);

const rated = (by: 'rider' | 'driver'): RideEvent => ({
  type: 'RideRated',
  data: { rideId: given.rideId, by, raterUserId: 'x', rateeUserId: 'y', stars: 5, comment: null, ratedAt: given.now },
});

describe('the tracking screen folds the ride through the shared machine', () => {
  it('shows nothing for a stream without events (the ride does not exist)', () => {
    expect(viewOf([])).toBeNull();
  });

  it.each([
    ['pending', given.pending, 0, 'ride.banner.lookingForDriver'],
    ['accepted', given.accepted, 25, 'ride.banner.driverOnTheWay'],
    ['arrived', given.arrived, 50, 'ride.banner.driverArrived'],
    ['in_progress', given.inProgress, 75, 'ride.banner.tripInProgress'],
    ['completed', given.completed, 100, 'ride.banner.tripCompleted'],
    ['cancelled', given.cancelled, null, 'ride.banner.cancelled'],
    ['expired', given.expired, null, 'ride.banner.expired'],
  ] as const)('%s: the wire status, the progress and the banner of rideStatus()', (status, events, progress, bannerKey) => {
    expect(viewOf(events)).toMatchObject({ status, progress, bannerKey });
  });

  it('lets the rider cancel only until the trip starts, and never once it is over', () => {
    expect([given.pending, given.accepted, given.arrived].map((events) => viewOf(events)?.canCancel)).toEqual([true, true, true]);
    expect([given.inProgress, given.completed, given.cancelled].map((events) => viewOf(events)?.canCancel)).toEqual([false, false, false]);
    expect(viewOf(given.accepted, 'admin')?.canCancel).toBe(false);
  });

  it('locks the start after five wrong PINs, even though the PIN itself never reached the browser', () => {
    const fourWrong = [...given.arrived, ...[1, 2, 3, 4].map(given.pinAttemptFailed)];
    expect(viewOf(fourWrong)).toMatchObject({ pinLocked: false, awaitingPin: true });
    expect(viewOf([...fourWrong, given.pinAttemptFailed(5)])).toMatchObject({ status: 'arrived', pinLocked: true, awaitingPin: false });
    const reissued = [...fourWrong, given.pinAttemptFailed(5), given.pinIssued(undefined, 'reissued_by_rider')];
    expect(viewOf(reissued)).toMatchObject({ pinLocked: false, awaitingPin: true });
  });

  it('offers each party one rating after completion', () => {
    expect(viewOf(given.inProgress)?.canRate).toBe(false);
    expect(viewOf(given.completed)?.canRate).toBe(true);
    const riderRated = [...given.completed, rated('rider')];
    expect(viewOf(riderRated, 'rider')?.canRate).toBe(false);
    expect(viewOf(riderRated, 'driver')?.canRate).toBe(true);
    expect(viewOf(given.completed, 'admin')?.canRate).toBe(false);
  });

  it('keeps an emergency active for good, and offers the button only while the ride is live', () => {
    const raised: RideEvent = {
      type: 'EmergencyRaised',
      data: { rideId: given.rideId, raisedBy: 'rider', raisedByUserId: 'x', stage: 'in_progress', location: null, raisedAt: given.now },
    };
    expect(viewOf(given.inProgress)).toMatchObject({ emergencyActive: false, canRaiseEmergency: true });
    expect(viewOf([...given.inProgress, raised, given.tripCompleted])).toMatchObject({ emergencyActive: true, canRaiseEmergency: false });
    expect(viewOf(given.cancelled)?.canRaiseEmergency).toBe(false);
  });
});

describe('banner, ETA and steps', () => {
  it("maps the machine's banner key to the tracking section", () => {
    expect(bannerTextKey('ride.banner.driverOnTheWay')).toBe('tracking.banner.driverOnTheWay');
  });

  it("words the banner for the driver on the driver's own screens, never \"Driver is on the way\"", () => {
    expect(bannerTextKey('ride.banner.driverOnTheWay', 'driver')).toBe('tracking.bannerForDriver.driverOnTheWay');
    expect(bannerTextKey('ride.banner.driverArrived', 'driver')).toBe('tracking.bannerForDriver.driverArrived');
    expect(bannerTextKey('ride.banner.driverArrived', 'rider')).toBe('tracking.banner.driverArrived');
    expect(bannerTextKey('ride.banner.tripInProgress', 'driver')).toBe('tracking.banner.tripInProgress');
    expect(trackingEn.bannerForDriver.driverOnTheWay).not.toMatch(/driver/i);
  });

  it('names the live ETA, else 5 minutes to the pickup or the trip duration (15 by default) to the dropoff', () => {
    expect(etaMinutes({ status: 'accepted' }, { eta: { minutes: 3, to: 'pickup', basis: 'straight_line_30kmh' }, duration: 12 })).toBe(3);
    expect(etaMinutes({ status: 'accepted' }, { eta: null, duration: 12 })).toBe(5);
    expect(etaMinutes({ status: 'in_progress' }, { eta: null, duration: 12.4 })).toBe(12);
    expect(etaMinutes({ status: 'in_progress' }, { eta: null, duration: null })).toBe(15);
  });

  it('keeps "arrived" (50) on the Driver Found step', () => {
    expect([0, 25, 50, 75, 100].map(currentStep)).toEqual([0, 1, 1, 2, 3]);
  });
});
