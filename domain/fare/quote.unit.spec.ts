import { describe, expect, it } from 'vitest';
import { DomainError } from '../shared/errors.js';
import { quoteFare, receiptLines, type FareInput } from './quote.js';
import type { FareConditions } from './conditions.js';

/**
 * Every expected figure below was worked out by hand from ARCHITECTURE "Fares" and the rounding
 * rule in quote.ts (lines half-up to 10 ngwee, the total up to 10 ngwee). Amounts are ngwee.
 */
const calm: FareConditions = { hour: 12, surge: 'none', traffic: 'light', weather: 'clear' };

type TripOverrides = Omit<Partial<FareInput>, 'conditions'> & { conditions?: Partial<FareConditions> };

const trip = (overrides: TripOverrides = {}): FareInput => ({
  vehicleId: 'car',
  distanceKm: 10,
  durationMin: 20,
  pickupDistanceKm: 1.5,
  pricingMethod: 'fixed',
  ...overrides,
  conditions: { ...calm, ...overrides.conditions },
});

describe('quoteFare, one example per service class', () => {
  it('economy car, 10 km, 20 min, calm midday', () => {
    // base 1500; distance 10 km × 250 = 2500; time 20 min × 80 = 1600;
    // pickup 1.5 km × 50 = 75 → 80 (half up); subtotal 5680; no adjustments.
    // service fee 3 % of 5680 = 170.4 → 170; gross 5850; × 0.92 = 5382 → 5390 (up);
    // discount 5850 − 5390 = 460. market average 5390 ÷ 0.92 = 5858.7 → 5860, savings 470;
    // range max 1.5 × 5390 = 8085 → 8090.
    const quote = quoteFare(trip());
    expect(quote).toMatchObject({
      serviceClass: 'economy',
      baseFare: 1500,
      distanceFare: 2500,
      timeFare: 1600,
      pickupFee: 80,
      subtotal: 5680,
      serviceFee: 170,
      competitiveDiscount: 460,
      minimumFareTopUp: 0,
      totalFare: 5390,
      marketAverage: 5860,
      savings: 470,
      range: { min: 5390, max: 8090 },
      currency: 'ZMW',
      isFixedPrice: true,
    });
  });

  it('comfort car-xl, 8.5 km, 15 min, 2 km pickup, moderate traffic', () => {
    // base 2000; distance 8.5 × 320 = 2720; time 15 × 110 = 1650; pickup 2 × 50 = 100;
    // subtotal 6470; traffic +10 % = 647 → 650; adjusted 7120;
    // service fee 213.6 → 210; gross 7330; × 0.92 = 6743.6 → 6750; discount 580.
    // market average 6750 ÷ 0.92 = 7337.0 → 7340, savings 590; range max 10125 → 10130.
    const quote = quoteFare(trip({ vehicleId: 'car-xl', distanceKm: 8.5, durationMin: 15, pickupDistanceKm: 2, conditions: { traffic: 'moderate' } }));
    expect(quote).toMatchObject({
      serviceClass: 'comfort',
      baseFare: 2000,
      distanceFare: 2720,
      timeFare: 1650,
      pickupFee: 100,
      subtotal: 6470,
      trafficAdjustment: 650,
      trafficMultiplier: 1.1,
      serviceFee: 210,
      competitiveDiscount: 580,
      totalFare: 6750,
      marketAverage: 7340,
      savings: 590,
      range: { min: 6750, max: 10130 },
    });
  });

  it('business executive at 18:00 in a storm with medium surge and heavy traffic, pickup fee capped', () => {
    // base 5000; distance 12 × 480 = 5760; time 25 × 160 = 4000; pickup 8 × 50 = 400 → cap 300;
    // subtotal 15060. surge +50 % = 7530; traffic +25 % = 3765 → 3770; storm +30 % = 4518 → 4520;
    // 18:00 is peak, +15 % = 2259 → 2260. adjusted 15060 + 18080 = 33140.
    // service fee 994.2 → 990; gross 34130; × 0.92 = 31399.6 → 31400; discount 2730.
    // market average 31400 ÷ 0.92 = 34130.4 → 34140, savings 2740; range max 47100.
    const quote = quoteFare(
      trip({ vehicleId: 'executive', distanceKm: 12, durationMin: 25, pickupDistanceKm: 8, pricingMethod: 'bidding', conditions: { hour: 18, surge: 'medium', traffic: 'heavy', weather: 'storm' } }),
    );
    expect(quote).toMatchObject({
      serviceClass: 'business',
      isFixedPrice: false,
      pickupFee: 300,
      subtotal: 15060,
      surgeAdjustment: 7530,
      trafficAdjustment: 3770,
      weatherAdjustment: 4520,
      timeAdjustment: 2260,
      timeOfDay: 'peak',
      surgeMultiplier: 1.5,
      serviceFee: 990,
      competitiveDiscount: 2730,
      totalFare: 31400,
      marketAverage: 34140,
      savings: 2740,
      range: { min: 31400, max: 47100 },
    });
  });

  it('a short motorcycle errand is raised to the ZMW 12 minimum', () => {
    // base 800; distance 0.5 × 250 = 125 → 130; time 2 × 80 = 160; pickup 0; subtotal 1090;
    // service fee 32.7 → 30; gross 1120; × 0.92 = 1030.4 → 1040; discount 80;
    // top-up 1200 − 1040 = 160; total 1200. market average 1304.3 → 1310, savings 110.
    const quote = quoteFare(trip({ vehicleId: 'motorcycle', distanceKm: 0.5, durationMin: 2, pickupDistanceKm: 0 }));
    expect(quote).toMatchObject({ distanceFare: 130, subtotal: 1090, serviceFee: 30, competitiveDiscount: 80, minimumFareTopUp: 160, totalFare: 1200, marketAverage: 1310, savings: 110 });
  });

  it('services without a base fare of their own start from the car’s ZMW 15', () => {
    // food-delivery: base 1500; distance 3 × 250 = 750; time 10 × 80 = 800; default pickup
    // 1.5 km → 80; subtotal 3130; high surge +100 % = 3130; adjusted 6260; fee 187.8 → 190;
    // gross 6450; × 0.92 = 5934 → 5940.
    const quote = quoteFare({ ...trip({ vehicleId: 'food-delivery', distanceKm: 3, durationMin: 10, conditions: { surge: 'high' } }), pickupDistanceKm: undefined });
    expect(quote).toMatchObject({ baseFare: 1500, pickupFee: 80, subtotal: 3130, surgeAdjustment: 3130, serviceFee: 190, totalFare: 5940 });
  });
});

describe('quoteFare, one example per multiplier (car, 10 km, 20 min: subtotal 5680)', () => {
  // For each: adjustment = 5680 × percent (half up to 10); fee = 3 % of adjusted (half up);
  // total = 0.92 × (adjusted + fee), rounded up to 10.
  it.each([
    // 20 % = 1136 → 1140; adjusted 6820; fee 204.6 → 200; gross 7020 × 0.92 = 6458.4 → 6460
    ['surge low ×1.2', { surge: 'low' }, 'surgeAdjustment', 1140, 6460],
    // 50 % = 2840; adjusted 8520; fee 255.6 → 260; gross 8780 × 0.92 = 8077.6 → 8080
    ['surge medium ×1.5', { surge: 'medium' }, 'surgeAdjustment', 2840, 8080],
    // 100 % = 5680; adjusted 11360; fee 340.8 → 340; gross 11700 × 0.92 = 10764 → 10770
    ['surge high ×2', { surge: 'high' }, 'surgeAdjustment', 5680, 10770],
    // 10 % = 568 → 570; adjusted 6250; fee 187.5 → 190; gross 6440 × 0.92 = 5924.8 → 5930
    ['traffic moderate ×1.1', { traffic: 'moderate' }, 'trafficAdjustment', 570, 5930],
    // 25 % = 1420; adjusted 7100; fee 213 → 210; gross 7310 × 0.92 = 6725.2 → 6730
    ['traffic heavy ×1.25', { traffic: 'heavy' }, 'trafficAdjustment', 1420, 6730],
    // 10 % = 570 as above → 5930
    ['rain ×1.1', { weather: 'rain' }, 'weatherAdjustment', 570, 5930],
    // 30 % = 1704 → 1700; adjusted 7380; fee 221.4 → 220; gross 7600 × 0.92 = 6992 → 7000
    ['storm ×1.3', { weather: 'storm' }, 'weatherAdjustment', 1700, 7000],
    // 08:00 is peak, 15 % = 852 → 850; adjusted 6530; fee 195.9 → 200; 6730 × 0.92 = 6191.6 → 6200
    ['peak hour ×1.15', { hour: 8 }, 'timeAdjustment', 850, 6200],
    // 23:00 is late, 5 % = 284 → 280; adjusted 5960; fee 178.8 → 180; 6140 × 0.92 = 5648.8 → 5650
    ['late night ×1.05', { hour: 23 }, 'timeAdjustment', 280, 5650],
  ] as const)('%s', (_label, conditions, line, adjustment, total) => {
    const quote = quoteFare(trip({ conditions }));
    expect(quote.subtotal).toBe(5680);
    expect(quote[line]).toBe(adjustment);
    expect(quote.totalFare).toBe(total);
  });

  it('adds multipliers rather than compounding them', () => {
    // low surge + rain + late: 5680 × (1 + 0.2 + 0.1 + 0.05) = 7668, lines 1140 + 570 + 280 = 1990
    // → adjusted 7670 (compounding would give 5680 × 1.2 × 1.1 × 1.05 = 7872.5).
    const quote = quoteFare(trip({ conditions: { hour: 23, surge: 'low', weather: 'rain' } }));
    expect(quote.subtotal + quote.surgeAdjustment + quote.weatherAdjustment + quote.timeAdjustment).toBe(7670);
  });
});

describe('receiptLines', () => {
  it('lists the discount as negative and sums to the total', () => {
    const quote = quoteFare(trip({ vehicleId: 'motorcycle', distanceKm: 0.5, durationMin: 2, pickupDistanceKm: 0 }));
    const lines = receiptLines(quote);
    expect(lines).toContainEqual({ kind: 'competitiveDiscount', amount: -80 });
    expect(lines).toContainEqual({ kind: 'minimumFare', amount: 160 });
    expect(lines.find((line) => line.kind === 'surge')).toBeUndefined();
    expect(lines.reduce((sum, line) => sum + line.amount, 0)).toBe(1200);
  });
});

describe('quoteFare refuses bad input, naming the field', () => {
  const refusal = (input: unknown) => {
    try {
      quoteFare(input as FareInput);
    } catch (error) {
      expect(error).toBeInstanceOf(DomainError);
      return error as DomainError;
    }
    throw new Error('expected quoteFare to refuse the input');
  };

  it.each([
    ['negative distance', trip({ distanceKm: -1 }), /^distanceKm: must not be negative/],
    ['NaN duration', trip({ durationMin: Number.NaN }), /^durationMin: .*NaN/],
    ['infinite distance', trip({ distanceKm: Number.POSITIVE_INFINITY }), /^distanceKm: /],
    ['a distance longer than Zambia', trip({ distanceKm: 5000 }), /^distanceKm: must be at most 1500 km/],
    ['negative pickup distance', trip({ pickupDistanceKm: -0.5 }), /^pickupDistanceKm: must not be negative/],
    ['an unknown vehicle', trip({ vehicleId: 'bicycle' as never }), /^vehicleId: /],
    ['an unknown pricing method', trip({ pricingMethod: 'auction' as never }), /^pricingMethod: /],
    ['an hour of 24', trip({ conditions: { hour: 24 } }), /^conditions\.hour: /],
    ['a fractional hour', trip({ conditions: { hour: 7.5 } }), /^conditions\.hour: /],
    ['an unknown weather', trip({ conditions: { weather: 'snow' as never } }), /^conditions\.weather: /],
  ])('%s', (_label, input, message) => {
    const error = refusal(input);
    expect(error.code).toBe('invalid');
    expect(error.message).toMatch(message);
  });
});
