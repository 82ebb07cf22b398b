import { describe, expect, it } from 'vitest';
import * as given from '../../../tests/support/fixtures/ride.js';
import { rideDecider, rideStatus, type RideEvent } from '../../../domain/ride/index.js';
import { fold } from '../../../domain/shared/index.js';
import type { RidePinRow } from '../../../projections/ridePins/index.js';
import { foldPin } from '../../../projections/ridePins/index.js';
import { foldRide } from '../../../projections/rides/index.js';
import type { RideRow } from '../../../projections/rides/index.js';
import type { Route, Router, RouteSource } from '../../../platform/routing/index.js';
import { minutesToPickupByRoad } from './rideSources.js';
import { minutesAway, toRide, type PinState, type RideParty } from './rideView.js';

/** The rows the read models make of a history, as the API reads them back. */
function rowsOf(events: readonly RideEvent[]): { ride: RideRow; pin: PinState } {
  let ride: RideRow | undefined;
  let pin: RidePinRow | undefined;
  events.forEach((event, index) => {
    const stored = { event, streamName: `ride-${given.rideId}`, revision: BigInt(index), created: new Date(given.now) };
    ride = foldRide(ride, stored);
    pin = foldPin(pin, stored) ?? pin;
  });
  return { ride: ride!, pin: { status: pin!.status, code: pin!.pin, attemptsLeft: pin!.attempts_left } };
}

const fiveWrongPins = [1, 2, 3, 4, 5].map(given.pinAttemptFailed);

const histories: Record<string, RideEvent[]> = {
  scheduled: [given.rideScheduled()],
  pending: given.pending,
  accepted: given.accepted,
  arrived: given.arrived,
  'arrived, PIN locked': [...given.arrived, ...fiveWrongPins],
  'in progress': given.inProgress,
  completed: given.completed,
  cancelled: given.cancelled,
  expired: given.expired,
};

describe('a ride as the API shows it', () => {
  it.each(Object.entries(histories))('shows the status, bar, banner and lock the domain gives when %s', (_name, events) => {
    const { ride, pin } = rowsOf(events);
    const view = toRide(ride, 'rider', { pin });
    const domain = rideStatus(fold(rideDecider, events))!;
    expect({ status: view.status, progress: view.progress, bannerKey: view.bannerKey, pinLocked: view.pinLocked }).toEqual({
      status: domain.status,
      progress: domain.progress,
      bannerKey: domain.bannerKey,
      pinLocked: domain.pinLocked,
    });
  });

  it('gives the PIN to the rider and to nobody else, even when handed it', () => {
    const { ride, pin } = rowsOf(given.accepted);
    expect(toRide(ride, 'rider', { pin }).pin).toEqual({ code: '4821', status: 'issued', attemptsLeft: 5 });
    for (const party of ['driver', 'admin', 'candidate'] satisfies RideParty[]) {
      const view = toRide(ride, party, { pin });
      expect(view.pin).toBeNull();
      expect(JSON.stringify(view)).not.toContain('4821');
    }
  });

  it('hides a locked PIN from the rider too: only a reissued one will start the trip', () => {
    const { ride, pin } = rowsOf([...given.arrived, ...fiveWrongPins]);
    expect(toRide(ride, 'rider', { pin }).pin).toEqual({ code: null, status: 'locked', attemptsLeft: 0 });
  });

  it("times the driver to the pickup while on the way and to the dropoff during the trip, from their last position", () => {
    const position = { lat: -12.7925, lng: 28.2136, heading: 90, updatedAt: new Date(given.now) };
    const onTheWay = toRide(rowsOf(given.accepted).ride, 'rider', { driverPosition: position });
    expect(onTheWay.eta).toEqual({ minutes: 3, to: 'pickup', basis: 'straight_line_30kmh' });
    expect(onTheWay.driverLocation).toEqual({ lat: -12.7925, lng: 28.2136, heading: 90, updatedAt: given.now });
    expect(toRide(rowsOf(given.inProgress).ride, 'driver', { driverPosition: position }).eta?.to).toBe('dropoff');
    expect(toRide(rowsOf(given.arrived).ride, 'rider', { driverPosition: position }).eta).toBeNull();
    expect(toRide(rowsOf(given.completed).ride, 'rider', { driverPosition: position }).driverLocation).toBeNull();
  });

  it('times the driver to the pickup along the roads when a road connects them, else on the straight line', async () => {
    const position = { lat: -12.7925, lng: 28.2136, heading: 90, updatedAt: new Date(given.now) };
    const asked: unknown[] = [];
    const routerAnswering = (answer: { durationMin: number; source: RouteSource } | Error): Router => ({
      name: 'fake',
      async route(request) {
        asked.push(request.waypoints);
        if (answer instanceof Error) throw answer;
        return { distanceKm: 4.2, durationMin: answer.durationMin, geometry: [], legs: [], steps: [], source: answer.source, offRoadKm: 0, attribution: '' } satisfies Route;
      },
    });
    const { ride } = rowsOf(given.accepted);

    const byRoad = await minutesToPickupByRoad(routerAnswering({ durationMin: 7.2, source: 'road_network' }), ride, position);
    expect(byRoad).toBe(8);
    expect(asked[0]).toEqual([{ lat: position.lat, lng: position.lng }, { lat: ride.pickup_lat, lng: ride.pickup_lng }]);
    expect(toRide(ride, 'rider', { driverPosition: position, minutesToPickupByRoad: byRoad! }).eta).toEqual({ minutes: 8, to: 'pickup', basis: 'route' });

    // No road connects them, or the router failed: the straight line, said so.
    expect(await minutesToPickupByRoad(routerAnswering({ durationMin: 7.2, source: 'great_circle' }), ride, position)).toBeNull();
    expect(await minutesToPickupByRoad(routerAnswering(new Error('engine down')), ride, position)).toBeNull();
    expect(toRide(ride, 'rider', { driverPosition: position }).eta).toEqual({ minutes: 3, to: 'pickup', basis: 'straight_line_30kmh' });

    // Only on the way to the pickup: during the trip the ETA follows the ride's own route.
    asked.length = 0;
    expect(await minutesToPickupByRoad(routerAnswering({ durationMin: 7.2, source: 'road_network' }), rowsOf(given.inProgress).ride, position)).toBeNull();
    expect(asked).toEqual([]);
  });

  it('counts minutes at 30 km/h along the straight line, at least one', () => {
    const kitwe = { lat: -12.8024, lng: 28.2136 };
    expect(minutesAway(kitwe, kitwe)).toBe(1);
    // 0.0449° of latitude is 4.99 km: 9.98 minutes at 30 km/h, so 10; a little further is 11.
    expect(minutesAway(kitwe, { lat: kitwe.lat + 0.0449, lng: kitwe.lng })).toBe(10);
    expect(minutesAway(kitwe, { lat: kitwe.lat + 0.0451, lng: kitwe.lng })).toBe(11);
  });

  it('shows each party the rating they gave, and an admin both', () => {
    const rated: RideEvent[] = [
      ...given.completed,
      { type: 'RideRated', data: { rideId: given.rideId, by: 'rider', raterUserId: 'r', rateeUserId: 'd', stars: 5, comment: 'kind', ratedAt: given.now } },
      { type: 'RideRated', data: { rideId: given.rideId, by: 'driver', raterUserId: 'd', rateeUserId: 'r', stars: 3, comment: null, ratedAt: given.now } },
    ];
    const { ride } = rowsOf(rated);
    expect(toRide(ride, 'rider').ratings).toEqual({ byRider: { stars: 5, comment: 'kind' }, byDriver: null });
    expect(toRide(ride, 'driver').ratings).toEqual({ byRider: null, byDriver: { stars: 3, comment: null } });
    expect(toRide(ride, 'admin').ratings).toEqual({ byRider: { stars: 5, comment: 'kind' }, byDriver: { stars: 3, comment: null } });
  });
});
