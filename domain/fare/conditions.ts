import { z } from 'zod';
import { DomainError } from '../shared/errors.js';
import { parseOrInvalid } from '../shared/command.js';
import { surgeLevels, trafficLevels, weatherKinds, type TimeOfDay, type TrafficLevel } from './rates.js';

export const hourSchema = z.number().int('must be a whole hour').min(0).max(23);

/** The conditions a quote is priced under; the quote records them so a receipt can explain itself. */
export const fareConditionsSchema = z.object({
  /** Hour of day in Zambian time (CAT, UTC+2), 0–23: sets the time-of-day factor. */
  hour: hourSchema,
  surge: z.enum(surgeLevels),
  traffic: z.enum(trafficLevels),
  weather: z.enum(weatherKinds),
});
export type FareConditions = z.infer<typeof fareConditionsSchema>;

const inHours = (hour: number, from: number, to: number) => hour >= from && hour <= to;

/** Rush hours: 07–09 and 17–19, both ends included (spec 000 §9). */
export const isPeakHour = (hour: number): boolean => inHours(hour, 7, 9) || inHours(hour, 17, 19);

/** Peak ×1.15 in rush hours, late ×1.05 from 22:00 to 04:59, otherwise normal. */
export function timeOfDayAt(hour: number): TimeOfDay {
  if (isPeakHour(hour)) return 'peak';
  if (hour >= 22 || hour <= 4) return 'late';
  return 'normal';
}

/** Traffic as the hour suggests when no route service has measured it (spec 000 §9). */
export function trafficLevelAt(hour: number): TrafficLevel {
  if (isPeakHour(hour)) return 'heavy';
  if (inHours(hour, 10, 16)) return 'moderate';
  return 'light';
}

/**
 * Traffic from a route service's two durations for the same route, with and without traffic:
 * above 1.4 heavy, above 1.2 moderate, otherwise light.
 */
export function trafficLevelFromRatio(trafficToNormalRatio: number): TrafficLevel {
  if (!Number.isFinite(trafficToNormalRatio) || trafficToNormalRatio <= 0) {
    throw new DomainError('invalid', 'trafficToNormalRatio: must be a positive number', { trafficToNormalRatio });
  }
  if (trafficToNormalRatio > 1.4) return 'heavy';
  if (trafficToNormalRatio > 1.2) return 'moderate';
  return 'light';
}

/** What an admin sets, plus what the moment and the route say; see `conditionsFor`. */
export const marketSettingsSchema = z.object({
  hour: hourSchema,
  /** Off by default: the landing page promises no surge pricing. */
  surgeEnabled: z.boolean().default(false),
  /** An admin-set condition, never a random draw, so a trip quotes the same price each time. */
  weather: z.enum(weatherKinds).default('clear'),
  /** Measured traffic on the route, when a route service gave it; else the hour decides. */
  traffic: z.enum(trafficLevels).optional(),
});
export type MarketSettings = z.input<typeof marketSettingsSchema>;

/**
 * The conditions to quote under, from admin settings and the hour: with surge enabled, the
 * rush hours take the medium surge (×1.5); traffic comes from the route when measured.
 */
export function conditionsFor(settings: MarketSettings): FareConditions {
  const { hour, surgeEnabled, weather, traffic } = parseOrInvalid(marketSettingsSchema, settings);
  return {
    hour,
    surge: surgeEnabled && isPeakHour(hour) ? 'medium' : 'none',
    traffic: traffic ?? trafficLevelAt(hour),
    weather,
  };
}

/** Zambia keeps Central Africa Time (UTC+2) all year, with no daylight saving. */
export const LUSAKA_UTC_OFFSET_HOURS = 2;

/** The hour of day in Zambia at an instant (the caller passes its clock in). */
export const lusakaHour = (at: Date): number => (at.getUTCHours() + LUSAKA_UTC_OFFSET_HOURS) % 24;
