import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { vehicleIds } from '../catalogue/index.js';
import { bidBounds } from './bids.js';
import { DISPLAY_STEP_NGWEE } from './money.js';
import { quoteFare, receiptLines, type FareInput } from './quote.js';
import { MINIMUM_FARE, surgeLevels, trafficLevels, weatherKinds } from './rates.js';

const conditions = fc.record({
  hour: fc.integer({ min: 0, max: 23 }),
  surge: fc.constantFrom(...surgeLevels),
  traffic: fc.constantFrom(...trafficLevels),
  weather: fc.constantFrom(...weatherKinds),
});

/** Uniform over thousandths (metres, or 0.06 s), with fractions the quote has to round. */
const upTo = (max: number) => fc.integer({ min: 0, max: max * 1000 }).map((thousandths) => thousandths / 1000);
/** Town hops, cross-Copperbelt trips and long hauls alike, so every price band is visited. */
const measure = (max: number) => fc.oneof(upTo(Math.min(5, max)), upTo(Math.min(60, max)), upTo(max));
/** Tiny steps find a price that dips at a rounding or cap boundary; big ones cross bands. */
const step = (max: number) => fc.oneof(upTo(0.05), upTo(2), upTo(max));
const runs = { numRuns: 1000 };

const fareInput: fc.Arbitrary<FareInput> = fc.record({
  vehicleId: fc.constantFrom(...vehicleIds),
  distanceKm: measure(400),
  durationMin: measure(600),
  pickupDistanceKm: measure(20),
  pricingMethod: fc.constantFrom('fixed' as const, 'bidding' as const),
  conditions,
});

describe('quoteFare properties', () => {
  it('never quotes below ZMW 12', () => {
    fc.assert(
      fc.property(fareInput, (input) => quoteFare(input).totalFare >= MINIMUM_FARE),
      runs,
    );
  });

  it('never falls when the trip gets longer', () => {
    fc.assert(
      fc.property(fareInput, step(100), (input, extraKm) => {
        const longer = { ...input, distanceKm: input.distanceKm + extraKm };
        expect(quoteFare(longer).totalFare).toBeGreaterThanOrEqual(quoteFare(input).totalFare);
      }),
      runs,
    );
  });

  it('never falls when the trip takes longer', () => {
    fc.assert(
      fc.property(fareInput, step(120), (input, extraMin) => {
        const slower = { ...input, durationMin: input.durationMin + extraMin };
        expect(quoteFare(slower).totalFare).toBeGreaterThanOrEqual(quoteFare(input).totalFare);
      }),
      runs,
    );
  });

  it('has receipt lines that add up to the total, every amount in whole 0.1 ZMW steps', () => {
    fc.assert(
      fc.property(fareInput, (input) => {
        const quote = quoteFare(input);
        const lines = receiptLines(quote);
        expect(lines.reduce((sum, line) => sum + line.amount, 0)).toBe(quote.totalFare);
        for (const line of lines) expect(Math.abs(line.amount) % DISPLAY_STEP_NGWEE).toBe(0);
        expect(quote.totalFare % DISPLAY_STEP_NGWEE).toBe(0);
      }),
    );
  });

  it('keeps the competitive discount within one display step of 8 % of the gross', () => {
    fc.assert(
      fc.property(fareInput, (input) => {
        const quote = quoteFare(input);
        const gross = quote.totalFare - quote.minimumFareTopUp + quote.competitiveDiscount;
        expect(Math.abs(quote.competitiveDiscount - gross * 0.08)).toBeLessThan(DISPLAY_STEP_NGWEE);
      }),
    );
  });

  it('keeps the adjusted subtotal within one display step per line of subtotal × the summed multipliers', () => {
    fc.assert(
      fc.property(fareInput, (input) => {
        const q = quoteFare(input);
        const exact = q.subtotal * (1 + (q.surgeMultiplier - 1) + (q.trafficMultiplier - 1) + (q.weatherMultiplier - 1) + (q.timeMultiplier - 1));
        const adjusted = q.subtotal + q.surgeAdjustment + q.trafficAdjustment + q.weatherAdjustment + q.timeAdjustment;
        expect(Math.abs(adjusted - exact)).toBeLessThanOrEqual((4 * DISPLAY_STEP_NGWEE) / 2);
      }),
    );
  });

  it('puts every quote inside its own bid bounds, with a range from the total to 1.5 × it', () => {
    fc.assert(
      fc.property(fareInput, (input) => {
        const quote = quoteFare(input);
        const { floor, ceiling } = bidBounds(quote.totalFare);
        expect(floor).toBeLessThanOrEqual(quote.totalFare);
        expect(quote.totalFare).toBeLessThanOrEqual(ceiling);
        expect(quote.range.min).toBe(quote.totalFare);
        expect(quote.range.max).toBeGreaterThanOrEqual(quote.totalFare * 1.5);
        expect(quote.range.max).toBeLessThan(quote.totalFare * 1.5 + DISPLAY_STEP_NGWEE);
      }),
    );
  });

  it('prices the same trip at the same time identically (no hidden randomness)', () => {
    fc.assert(
      fc.property(fareInput, (input) => {
        expect(quoteFare(input)).toEqual(quoteFare(structuredClone(input)));
      }),
    );
  });
});
