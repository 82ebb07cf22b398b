import type { ServiceClass, VehicleId } from '../catalogue/index.js';
import type { Ngwee } from './money.js';

/**
 * The pricing table (spec 000 §9, ARCHITECTURE "Fares"), in ngwee. Services without a base
 * fare of their own start from the car's.
 */
const baseFares: Partial<Record<VehicleId, Ngwee>> = {
  car: 1500,
  'car-xl': 2000,
  deluxe: 3500,
  executive: 5000,
  motorcycle: 800,
  'light-truck': 4000,
  truck: 6000,
  assist: 1200,
  reservations: 1800,
};

export const baseFareOf = (vehicleId: VehicleId): Ngwee => baseFares[vehicleId] ?? baseFares.car!;

/** Per-kilometre and per-minute rates by service class, in ngwee. */
export const classRates: Record<ServiceClass, { perKm: Ngwee; perMinute: Ngwee }> = {
  economy: { perKm: 250, perMinute: 80 },
  comfort: { perKm: 320, perMinute: 110 },
  business: { perKm: 480, perMinute: 160 },
};

/** 0.5 ZMW per kilometre the driver travels to the pickup, at most 3 ZMW. */
export const PICKUP_FEE_PER_KM: Ngwee = 50;
export const PICKUP_FEE_CAP: Ngwee = 300;

/** Before a driver is chosen the pickup distance is unknown; the spec's figure for that is 1.5 km. */
export const DEFAULT_PICKUP_DISTANCE_KM = 1.5;

export const SERVICE_FEE_PERCENT = 3;
/** Our fares sit 8 % under the market: the total is 92 % of the gross. */
export const COMPETITIVE_PERCENT_KEPT = 92;
export const MINIMUM_FARE: Ngwee = 1200;
/** The estimate range runs from the total to 1.5 × the total. */
export const RANGE_MAX_NUMERATOR = 3;
export const RANGE_MAX_DENOMINATOR = 2;

export const surgeLevels = ['none', 'low', 'medium', 'high'] as const;
export type SurgeLevel = (typeof surgeLevels)[number];
export const trafficLevels = ['light', 'moderate', 'heavy'] as const;
export type TrafficLevel = (typeof trafficLevels)[number];
export const weatherKinds = ['clear', 'rain', 'storm'] as const;
export type Weather = (typeof weatherKinds)[number];
export const timesOfDay = ['normal', 'peak', 'late'] as const;
export type TimeOfDay = (typeof timesOfDay)[number];

/**
 * Each condition's multiplier as the percentage it adds (surge "medium" ×1.5 adds 50 %).
 * Integer percentages keep the arithmetic exact.
 */
export const surgePercent: Record<SurgeLevel, number> = { none: 0, low: 20, medium: 50, high: 100 };
export const trafficPercent: Record<TrafficLevel, number> = { light: 0, moderate: 10, heavy: 25 };
export const weatherPercent: Record<Weather, number> = { clear: 0, rain: 10, storm: 30 };
export const timePercent: Record<TimeOfDay, number> = { normal: 0, peak: 15, late: 5 };

export const multiplierOf = (percent: number): number => (100 + percent) / 100;
