import { describe, expect, it } from 'vitest';
import { invalidationsFor, liveSocketUrl, reconnectDelayMs, withDriverLocation, withIncidentPosition } from './liveEffects.js';
import { parseLiveMessage, type RideUpdateMessage } from './liveMessages.js';

const update = (overrides: Partial<RideUpdateMessage>): RideUpdateMessage => ({
  type: 'ride_update',
  rideId: 'r1',
  status: 'accepted',
  event: 'DriverAssigned',
  progress: 25,
  pinLocked: false,
  emergencyActive: false,
  driverId: 'd1',
  at: '2026-12-01T08:00:00.000Z',
  ...overrides,
});

describe('live message → cache', () => {
  it("refetches the ride (and so its events), the lists and the driver's engagement when a driver is assigned", () => {
    expect(invalidationsFor(update({}))).toEqual([
      ['/api/rides', 'r1'],
      ['/api/rides/mine'],
      ['/api/rides/driver'],
      ['/api/bids/ride', 'r1'],
      ['/api/rides/pending'],
      ['/api/drivers/user'],
    ]);
  });

  it('leaves the pending lists alone while the ride is still pending, and refetches earnings on completion', () => {
    const pending = invalidationsFor(update({ status: 'pending', event: 'FareCounterOffered' }));
    expect(pending).not.toContainEqual(['/api/rides/pending']);
    expect(pending).not.toContainEqual(['/api/drivers/user']);
    expect(invalidationsFor(update({ status: 'completed', event: 'TripCompleted' }))).toContainEqual(['/api/drivers']);
    expect(invalidationsFor(update({ status: 'arrived', event: 'DriverArrived' }))).not.toContainEqual(['/api/drivers']);
  });

  it('refetches pending rides on new_ride, bids on new_bid, and the bidder side on bid_update', () => {
    expect(invalidationsFor({ type: 'new_ride', rideId: 'r2', vehicleType: 'car', pricingMethod: 'fixed', pickup: { address: 'Freedom Park', lat: -12.81, lng: 28.21 }, dropoff: { address: 'Mukuba Mall', lat: -12.83, lng: 28.23 }, stopCount: 0, fareNgwee: 2500, passengerCount: 1, packageSize: null, scheduledFor: null, offered: false, distanceKm: null, at: '' })).toEqual([
      ['/api/rides/pending'],
    ]);
    expect(invalidationsFor({ type: 'new_bid', rideId: 'r2', bidId: 'b', driverId: 'd', amountNgwee: 1, estimatedArrivalMinutes: 5, expiresAt: '', at: '' })).toEqual([
      ['/api/bids/ride', 'r2'],
    ]);
    expect(invalidationsFor({ type: 'bid_update', rideId: 'r2', bidId: 'b', driverId: 'd', status: 'accepted', reason: null, at: '' })).toContainEqual([
      '/api/drivers/user',
    ]);
    expect(invalidationsFor({ type: 'pong' })).toEqual([]);
  });

  it('reads the payment, the rider’s payments, the wallet and the driver’s figures again when a payment moves on', () => {
    expect(
      invalidationsFor({ type: 'payment_update', rideId: 'r3', status: 'succeeded', event: 'PaymentSucceeded', attempt: 1, method: 'mtn_money', failureReason: null, at: '' }),
    ).toEqual([['/api/rides', 'r3', 'payment'], ['/api/payments'], ['/api/dev/payments/sandbox'], ['/api/drivers']]);
    expect(parseLiveMessage('{"type":"payment_update","rideId":"r3"}')).toMatchObject({ type: 'payment_update' });
  });

  it("moves the driver's marker in the cached ride without touching anything else", () => {
    const ride = { id: 'r1', status: 'accepted', driverLocation: null };
    const moved = withDriverLocation(ride, { type: 'location_update', rideId: 'r1', driverId: 'd1', lat: -12.8, lng: 28.2, heading: 90, at: 'T' });
    expect(moved).toEqual({ id: 'r1', status: 'accepted', driverLocation: { lat: -12.8, lng: 28.2, heading: 90, updatedAt: 'T' } });
    expect(ride.driverLocation).toBeNull();
    const coming = { status: 'accepted', pickupLocation: { lat: -12.8024, lng: 28.2136 }, dropoffLocation: { lat: -12.8074, lng: 28.2441 }, eta: null, driverLocation: null };
    // About 1.1 km from the pickup: 3 minutes at 30 km/h (the API's rideView spec gives the same).
    expect(withDriverLocation(coming, { type: 'location_update', rideId: 'r1', driverId: 'd1', lat: -12.7925, lng: 28.2136, heading: null, at: 'T' })?.eta).toEqual({ minutes: 3, to: 'pickup' });
    expect(withDriverLocation({ ...coming, status: 'arrived' }, { type: 'location_update', rideId: 'r1', driverId: 'd1', lat: -12.7925, lng: 28.2136, heading: null, at: 'T' })?.eta).toBeNull();
    expect(withDriverLocation(undefined, { type: 'location_update', rideId: 'r1', driverId: 'd1', lat: 0, lng: 0, heading: null, at: 'T' })).toBeUndefined();
  });
});

describe('the socket', () => {
  it('backs off 1 s, 2 s, 4 s … up to 30 s, with at most 20 % jitter', () => {
    expect([0, 1, 2, 3, 10].map((attempt) => reconnectDelayMs(attempt, () => 0))).toEqual([1_000, 2_000, 4_000, 8_000, 30_000]);
    expect(reconnectDelayMs(0, () => 0.999)).toBe(1_200);
  });

  it('uses wss on an https page', () => {
    expect(liveSocketUrl({ protocol: 'https:', host: 'tiyende.app' })).toBe('wss://tiyende.app/ws');
    expect(liveSocketUrl({ protocol: 'http:', host: '127.0.0.1:3000' })).toBe('ws://127.0.0.1:3000/ws');
  });

  it('reads only our messages and never throws on a bad frame', () => {
    expect(parseLiveMessage('{"type":"joined","userId":"u","rideId":null}')).toEqual({ type: 'joined', userId: 'u', rideId: null });
    expect(parseLiveMessage('{"type":"surprise"}')).toBeNull();
    expect(parseLiveMessage('not json')).toBeNull();
    expect(parseLiveMessage(new ArrayBuffer(2))).toBeNull();
  });
});

describe("a driver's position in the admin's incident queue", () => {
  const position = (rideId: string, at: string, lat = -12.81) => ({ type: 'location_update' as const, rideId, driverId: 'd1', lat, lng: 28.22, heading: null, at });
  const incident = (rideId: string, status: string, shownAt: string | null) => ({
    incidentId: `${rideId}_incident1`,
    rideId,
    status,
    ride: { driverName: 'Mwila', position: shownAt ? { lat: -12.8, lng: 28.21, at: shownAt } : null },
  });
  const queue = { incidents: [incident('r1', 'acknowledged', '2026-12-01T08:00:00.000Z'), incident('r2', 'acknowledged', null), incident('r1', 'resolved', '2026-12-01T07:00:00.000Z')] };

  it("moves the open incident's position on that ride to the new one, and nothing else", () => {
    const next = withIncidentPosition(queue, position('r1', '2026-12-01T08:00:05.000Z'))!;
    expect(next.incidents[0]!.ride.position).toEqual({ lat: -12.81, lng: 28.22, at: '2026-12-01T08:00:05.000Z' });
    expect(next.incidents[0]!.ride.driverName).toBe('Mwila');
    expect(next.incidents[1]).toBe(queue.incidents[1]);
    expect(next.incidents[2]).toBe(queue.incidents[2]);
    expect(withIncidentPosition(queue, position('r2', '2026-12-01T08:00:05.000Z'))!.incidents[1]!.ride.position).toMatchObject({ lat: -12.81 });
  });

  it('keeps the list as it is for an older position, another ride, or no list yet', () => {
    expect(withIncidentPosition(queue, position('r1', '2026-12-01T07:59:00.000Z'))).toBe(queue);
    expect(withIncidentPosition(queue, position('r9', '2026-12-01T08:00:05.000Z'))).toBe(queue);
    expect(withIncidentPosition(undefined, position('r1', '2026-12-01T08:00:05.000Z'))).toBeUndefined();
  });
});
