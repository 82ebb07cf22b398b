import { describe, expect, it } from 'vitest';
import type { FareQuote } from './bookingApi.js';
import { isNoticeableChange, nextShownFare, receiptTotal } from './fareDisplay.js';

const quote = (totalNgwee: number, traffic: 'light' | 'moderate' | 'heavy' = 'light'): FareQuote => ({
  vehicleType: 'car',
  serviceClass: 'economy',
  pricingMethod: 'fixed',
  isFixedPrice: true,
  pickupDistanceKm: 0,
  timeOfDay: 'normal',
  multipliers: { surge: 1, traffic: 1, weather: 1, time: 1 },
  settings: { surgeEnabled: true, weather: 'clear' },
  pricedFor: '2026-12-01T10:00:00.000Z',
  currency: 'ZMW',
  totalNgwee,
  distanceKm: 8.5,
  durationMin: 15,
  route: { source: 'road_network', distanceKm: 8.5, durationMin: 15, offRoadKm: 0, geometry: [], attribution: '© OpenStreetMap contributors' },
  conditions: { hour: 12, surge: 'none', traffic, weather: 'clear' },
  marketAverageNgwee: Math.round(totalNgwee / 0.92),
  savingsNgwee: 0,
  range: { minNgwee: totalNgwee, maxNgwee: totalNgwee * 1.5 },
  bounds: { floorNgwee: 1200, ceilingNgwee: totalNgwee * 3 },
  receipt: [
    { kind: 'base', amountNgwee: 1500 },
    { kind: 'distance', amountNgwee: totalNgwee - 1500 },
  ],
});

describe('the fare shown on the live card', () => {
  it('changes when the fare moves by more than ZMW 0.5, either way', () => {
    expect(isNoticeableChange(quote(3000), quote(3060))).toBe(true);
    expect(isNoticeableChange(quote(3000), quote(2940))).toBe(true);
  });

  it('stays put for a move of ZMW 0.5 or less at the same traffic level', () => {
    expect(isNoticeableChange(quote(3000), quote(3050))).toBe(false);
    expect(isNoticeableChange(quote(3000), quote(2950))).toBe(false);
  });

  it('changes when the traffic level changes, even at the same price', () => {
    expect(isNoticeableChange(quote(3000, 'light'), quote(3000, 'heavy'))).toBe(true);
  });

  it('always shows the first quote of a new trip, and keeps the old one for a small refresh', () => {
    const first = nextShownFare(null, 'trip-a', quote(3000));
    expect(first.quote.totalNgwee).toBe(3000);
    expect(nextShownFare(first, 'trip-a', quote(3020))).toBe(first);
    expect(nextShownFare(first, 'trip-b', quote(3020)).quote.totalNgwee).toBe(3020);
    expect(nextShownFare(first, 'trip-a', quote(3100)).quote.totalNgwee).toBe(3100);
  });

  it('adds up the receipt lines', () => {
    expect(receiptTotal(quote(3470))).toBe(3470);
  });
});
