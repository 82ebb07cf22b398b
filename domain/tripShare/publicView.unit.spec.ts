import { describe, expect, it } from 'vitest';
import { fold } from '../shared/index.js';
import { tripShareDecider } from './decider.js';
import { hashOne, hashTwo, minutesFrom, revoked, rideId, started } from '../../tests/support/fixtures/tripShare.js';
import { publicTripView, shareLinkAccess, type SharedTripFacts } from './publicView.js';

const driver = { name: 'Bwalya Mwale', vehicle: { make: 'Toyota', model: 'Corolla', colour: 'Silver', plateNumber: 'BAF 4521' } };
const position = { lat: -12.55, lng: 27.86, at: minutesFrom(0) };

describe('the public share page', () => {
  it('shows the status, the position, the driver’s name, the car and its plate — and nothing else', () => {
    // What a careless caller might hand in: the rider, the route's ends, the fare, phone numbers.
    const everything = {
      status: 'in_progress',
      position: { ...position, heading: 90, driverId: 'driver-mwale' },
      driver: { ...driver, phone: '+260971234567', userId: 'user-mwale', vehicle: { ...driver.vehicle, year: 2018, insurance: 'ZSIC-55' } },
      rider: { name: 'Chanda', phone: '+260961234567' },
      dropoff: { address: 'Copperbelt University' },
      fareNgwee: 5_000,
      rideId,
    } as SharedTripFacts;
    expect(publicTripView(everything)).toEqual({
      status: 'in_progress',
      driver: { name: 'Bwalya Mwale', vehicle: { make: 'Toyota', model: 'Corolla', colour: 'Silver' }, plateNumber: 'BAF 4521' },
      position,
    });
  });

  it.each(['pending', 'completed', 'cancelled'] as const)('shows no position while the ride is %s', (status) =>
    expect(publicTripView({ status, driver: status === 'pending' ? null : driver, position }).position).toBeNull());

  it('shows no driver before one is assigned', () => expect(publicTripView({ status: 'pending', driver: null, position: null }).driver).toBeNull());
});

describe('whether a link opens', () => {
  const shared = fold(tripShareDecider, [started()]);

  it('opens while the ride is on and for thirty minutes after it ended', () => {
    expect(shareLinkAccess(shared, hashOne, { endedAt: null }, new Date(minutesFrom(600)))).toBe('open');
    expect(shareLinkAccess(shared, hashOne, { endedAt: minutesFrom(0) }, new Date(minutesFrom(29)))).toBe('open');
    expect(shareLinkAccess(shared, hashOne, { endedAt: minutesFrom(0) }, new Date(minutesFrom(30)))).toBe('closed');
  });

  it('is closed once revoked, and unknown for any other token', () => {
    expect(shareLinkAccess(fold(tripShareDecider, [started(), revoked()]), hashOne, { endedAt: null }, new Date())).toBe('closed');
    expect(shareLinkAccess(shared, hashTwo, { endedAt: null }, new Date())).toBe('unknown');
  });
});
