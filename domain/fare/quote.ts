import { z } from 'zod';
import { pricingMethods, type PricingMethod } from './pricingMethods.js';
import { serviceClassOf, type ServiceClass, type VehicleId } from '../catalogue/index.js';
import { vehicleIdSchema } from '../catalogue/schemas.js';
import { parseOrInvalid } from '../shared/command.js';
import { fareConditionsSchema, timeOfDayAt, type FareConditions } from './conditions.js';
import { ceilToDisplayStep, roundToDisplayStep, type Ngwee } from './money.js';
import {
  baseFareOf,
  classRates,
  COMPETITIVE_PERCENT_KEPT,
  DEFAULT_PICKUP_DISTANCE_KM,
  MINIMUM_FARE,
  multiplierOf,
  PICKUP_FEE_CAP,
  PICKUP_FEE_PER_KM,
  RANGE_MAX_DENOMINATOR,
  RANGE_MAX_NUMERATOR,
  SERVICE_FEE_PERCENT,
  surgePercent,
  timePercent,
  trafficPercent,
  weatherPercent,
  type TimeOfDay,
} from './rates.js';

export { pricingMethods, type PricingMethod } from './pricingMethods.js';
export const pricingMethodSchema = z.enum(pricingMethods);

/** Zambia is about 1,200 km across; anything longer is a mistake, not a trip. */
export const MAX_TRIP_DISTANCE_KM = 1500;
export const MAX_TRIP_DURATION_MIN = 24 * 60;

const kilometres = z
  .number()
  .min(0, 'must not be negative')
  .max(MAX_TRIP_DISTANCE_KM, `must be at most ${MAX_TRIP_DISTANCE_KM} km`);

export const fareInputSchema = z.object({
  vehicleId: vehicleIdSchema,
  distanceKm: kilometres,
  durationMin: z.number().min(0, 'must not be negative').max(MAX_TRIP_DURATION_MIN, `must be at most ${MAX_TRIP_DURATION_MIN} minutes`),
  /** How far the driver travels to the pickup; unknown before a driver is chosen. */
  pickupDistanceKm: kilometres.default(DEFAULT_PICKUP_DISTANCE_KM),
  pricingMethod: pricingMethodSchema,
  conditions: fareConditionsSchema,
});
export type FareInput = z.input<typeof fareInputSchema>;

/**
 * A priced trip, as the spec's fare result plus the lines that make the receipt add up.
 * Every amount is integer ngwee, a multiple of 10 (one display step of 0.1 ZMW):
 *
 * 1. distance is counted to the metre and time to the second;
 * 2. each line (distance, time, pickup fee, each condition's adjustment, service fee) is its
 *    exact value rounded half up to 10 ngwee;
 * 3. the total — 92 % of the gross — is rounded UP to 10 ngwee, and the competitive discount is
 *    whatever that took off, so the lines add up to the total exactly;
 * 4. below the ZMW 12 minimum, `minimumFareTopUp` makes up the difference.
 *
 * total = base + distance + time + pickup + surge + traffic + weather + time-of-day adjustments
 *         + service fee − competitive discount + minimum-fare top-up
 */
export interface FareQuote {
  vehicleId: VehicleId;
  serviceClass: ServiceClass;
  pricingMethod: PricingMethod;
  isFixedPrice: boolean;
  distanceKm: number;
  durationMin: number;
  pickupDistanceKm: number;
  conditions: FareConditions;
  timeOfDay: TimeOfDay;
  surgeMultiplier: number;
  trafficMultiplier: number;
  weatherMultiplier: number;
  timeMultiplier: number;
  baseFare: Ngwee;
  distanceFare: Ngwee;
  timeFare: Ngwee;
  pickupFee: Ngwee;
  subtotal: Ngwee;
  surgeAdjustment: Ngwee;
  trafficAdjustment: Ngwee;
  weatherAdjustment: Ngwee;
  timeAdjustment: Ngwee;
  serviceFee: Ngwee;
  competitiveDiscount: Ngwee;
  minimumFareTopUp: Ngwee;
  totalFare: Ngwee;
  /** What the same trip would cost at the market's price: the total ÷ 0.92, rounded up. */
  marketAverage: Ngwee;
  savings: Ngwee;
  range: { min: Ngwee; max: Ngwee };
  currency: 'ZMW';
}

const percentOf = (amount: Ngwee, percent: number): Ngwee => roundToDisplayStep(amount * percent, 100);

/**
 * Prices a trip (spec 000 §9 with ARCHITECTURE "Fares"). The condition multipliers are
 * additive — subtotal × (1 + (surge−1) + (traffic−1) + (weather−1) + (time−1)) — so each shows
 * as its own line on the receipt. Bad input is refused with a DomainError naming the field.
 */
export function quoteFare(input: FareInput): FareQuote {
  const parsed = parseOrInvalid(fareInputSchema, input);
  const { vehicleId, pricingMethod, conditions } = parsed;
  const metres = Math.round(parsed.distanceKm * 1000);
  const seconds = Math.round(parsed.durationMin * 60);
  const pickupMetres = Math.round(parsed.pickupDistanceKm * 1000);

  const serviceClass = serviceClassOf(vehicleId);
  const rates = classRates[serviceClass];
  const baseFare = baseFareOf(vehicleId);
  const distanceFare = roundToDisplayStep(metres * rates.perKm, 1000);
  const timeFare = roundToDisplayStep(seconds * rates.perMinute, 60);
  const pickupFee = Math.min(PICKUP_FEE_CAP, roundToDisplayStep(pickupMetres * PICKUP_FEE_PER_KM, 1000));
  const subtotal = baseFare + distanceFare + timeFare + pickupFee;

  const timeOfDay = timeOfDayAt(conditions.hour);
  const surgeAdjustment = percentOf(subtotal, surgePercent[conditions.surge]);
  const trafficAdjustment = percentOf(subtotal, trafficPercent[conditions.traffic]);
  const weatherAdjustment = percentOf(subtotal, weatherPercent[conditions.weather]);
  const timeAdjustment = percentOf(subtotal, timePercent[timeOfDay]);
  const adjusted = subtotal + surgeAdjustment + trafficAdjustment + weatherAdjustment + timeAdjustment;

  const serviceFee = percentOf(adjusted, SERVICE_FEE_PERCENT);
  const gross = adjusted + serviceFee;
  const discounted = ceilToDisplayStep(gross * COMPETITIVE_PERCENT_KEPT, 100);
  const minimumFareTopUp = Math.max(0, MINIMUM_FARE - discounted);
  const totalFare = discounted + minimumFareTopUp;
  const marketAverage = ceilToDisplayStep(totalFare * 100, COMPETITIVE_PERCENT_KEPT);

  return {
    vehicleId,
    serviceClass,
    pricingMethod,
    isFixedPrice: pricingMethod === 'fixed',
    distanceKm: metres / 1000,
    durationMin: seconds / 60,
    pickupDistanceKm: pickupMetres / 1000,
    conditions,
    timeOfDay,
    surgeMultiplier: multiplierOf(surgePercent[conditions.surge]),
    trafficMultiplier: multiplierOf(trafficPercent[conditions.traffic]),
    weatherMultiplier: multiplierOf(weatherPercent[conditions.weather]),
    timeMultiplier: multiplierOf(timePercent[timeOfDay]),
    baseFare,
    distanceFare,
    timeFare,
    pickupFee,
    subtotal,
    surgeAdjustment,
    trafficAdjustment,
    weatherAdjustment,
    timeAdjustment,
    serviceFee,
    competitiveDiscount: gross - discounted,
    minimumFareTopUp,
    totalFare,
    marketAverage,
    savings: marketAverage - totalFare,
    range: { min: totalFare, max: ceilToDisplayStep(totalFare * RANGE_MAX_NUMERATOR, RANGE_MAX_DENOMINATOR) },
    currency: 'ZMW',
  };
}

export type ReceiptLineKind =
  | 'base'
  | 'distance'
  | 'time'
  | 'pickup'
  | 'surge'
  | 'traffic'
  | 'weather'
  | 'timeOfDay'
  | 'serviceFee'
  | 'competitiveDiscount'
  | 'minimumFare';

/** The receipt's lines, signed (the discount is negative); they sum to `totalFare` exactly. */
export function receiptLines(quote: FareQuote): { kind: ReceiptLineKind; amount: Ngwee }[] {
  const lines: { kind: ReceiptLineKind; amount: Ngwee }[] = [
    { kind: 'base', amount: quote.baseFare },
    { kind: 'distance', amount: quote.distanceFare },
    { kind: 'time', amount: quote.timeFare },
    { kind: 'pickup', amount: quote.pickupFee },
    { kind: 'surge', amount: quote.surgeAdjustment },
    { kind: 'traffic', amount: quote.trafficAdjustment },
    { kind: 'weather', amount: quote.weatherAdjustment },
    { kind: 'timeOfDay', amount: quote.timeAdjustment },
    { kind: 'serviceFee', amount: quote.serviceFee },
    { kind: 'competitiveDiscount', amount: -quote.competitiveDiscount },
    { kind: 'minimumFare', amount: quote.minimumFareTopUp },
  ];
  return lines.filter((line) => line.amount !== 0 || line.kind === 'base');
}
