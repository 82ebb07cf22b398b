import { describe, expect, it } from 'vitest';
import { defaultPlatformSettings } from '../shared/settings.js';
import { quoteRide } from './requestRide.js';

const booking = {
  vehicleType: 'car',
  pickup: { address: 'Kitwe Central Market', lat: -12.8131, lng: 28.2079 },
  dropoff: { address: 'Copperbelt University', lat: -12.8066, lng: 28.2356 },
  stops: [] as Array<{ address: string; lat: number; lng: number; notes: string | null }>,
  pricingMethod: 'fixed',
  scheduledFor: null,
} as unknown as Parameters<typeof quoteRide>[0];
// 06:00, 10:00 and 20:00 UTC are 08:00 (peak, heavy traffic), 12:00 (moderate) and 22:00 (light) in Lusaka.
const at = (utcHour: number) => new Date(Date.UTC(2026, 11, 1, utcHour));

describe('quoteRide', () => {
  it('prices a stop on the way: the legs add distance and time', () => {
    const direct = quoteRide(booking, defaultPlatformSettings, at(10));
    const viaStop = quoteRide(
      { ...booking, stops: [{ address: 'Nkana East', lat: -12.835, lng: 28.25, notes: null }] },
      defaultPlatformSettings,
      at(10),
    );
    const distance = (quote: typeof direct) => (quote.breakdown as { distanceKm: number }).distanceKm;
    expect(distance(viaStop)).toBeGreaterThan(distance(direct));
    expect(viaStop.totalNgwee).toBeGreaterThan(direct.totalNgwee);
  });

  it('takes traffic from the hour, not the fallback route: heavy at 08:00, moderate at 12:00, light at 22:00', () => {
    const traffic = (utcHour: number) => (quoteRide(booking, defaultPlatformSettings, at(utcHour)).breakdown as { conditions: { traffic: string } }).conditions.traffic;
    expect([traffic(6), traffic(10), traffic(20)]).toEqual(['heavy', 'moderate', 'light']);
  });
});
