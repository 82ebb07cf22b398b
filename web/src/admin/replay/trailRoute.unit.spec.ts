import { describe, expect, it } from 'vitest';
import type { AuditTrail } from './auditTrail.js';
import { trailRoute } from './trailRoute.js';

const pickup = { address: 'Freedom Park, Kitwe', lat: -12.8024, lng: 28.2136 };
const dropoff = { address: 'Copperbelt University, Kitwe', lat: -12.8086, lng: 28.2442 };
const route = {
  source: 'road_network',
  distanceKm: 3.9,
  durationMin: 9.4,
  offRoadKm: 0.05,
  geometry: [pickup, { lat: -12.805, lng: 28.23 }, dropoff].map(({ lat, lng }) => ({ lat, lng })),
  attribution: '© OpenStreetMap contributors',
};
const metadata = { userId: null, userName: null, role: null, correlationId: null, causationId: null, commandId: null, schemaVersion: 1 };
const event = (streamName: string, type: string, data: Record<string, unknown>) => ({ streamName, revision: '0', type, time: '2026-03-02T06:00:00.000Z', data, metadata });
const trailWith = (...events: AuditTrail['events']): AuditTrail => ({ rideId: 'r1', streams: ['ride-r1'], events });

describe('the route on the admin’s ride screen', () => {
  it('is the route the fare was priced on, from the ride’s own booking event', () => {
    const trail = trailWith(
      event('bid-r1_d1', 'BidPlaced', { pickup: { lat: 0, lng: 0 } }),
      event('ride-r1', 'RideRequested', { pickup, dropoff, quote: { totalNgwee: 5_000, breakdown: { route } } }),
    );
    expect(trailRoute(trail)).toEqual({ pickup: { lat: pickup.lat, lng: pickup.lng }, dropoff: { lat: dropoff.lat, lng: dropoff.lng }, route });
  });

  it('keeps the ends without a route for a ride booked before routes were kept, or with a damaged one', () => {
    const old = trailWith(event('ride-r1', 'RideScheduled', { pickup, dropoff, quote: { breakdown: { distanceKm: 3.4 } } }));
    expect(trailRoute(old)).toMatchObject({ route: null, pickup: { lat: pickup.lat } });
    const damaged = trailWith(event('ride-r1', 'RideRequested', { pickup, dropoff, quote: { breakdown: { route: { ...route, geometry: 'nope' } } } }));
    expect(trailRoute(damaged)?.route).toBeNull();
  });

  it('is nothing when the trail holds no booking of this ride', () => {
    expect(trailRoute(trailWith(event('ride-r2', 'RideRequested', { pickup, dropoff, quote: {} })))).toBeNull();
    expect(trailRoute(trailWith(event('ride-r1', 'RideRequested', { pickup: { address: 'x' }, dropoff, quote: {} })))).toBeNull();
  });
});
