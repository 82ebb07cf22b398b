import { z } from 'zod';
import { weatherKinds } from '../fare/rates.js';
import { streamName } from '../streams.js';

/** The limits an admin may set each window within: short enough to keep riders moving, long enough for drivers to answer. */
export const settingLimits = {
  bidWindowSeconds: { min: 30, max: 600 },
  searchWindowSeconds: { min: 60, max: 3600 },
  scheduledDispatchLeadMinutes: { min: 5, max: 120 },
} as const;

const wholeWithin = (field: keyof typeof settingLimits, unit: string) => {
  const { min, max } = settingLimits[field];
  return z
    .int(`${field} must be a whole number of ${unit}`)
    .min(min, `${field} must be at least ${min} ${unit}`)
    .max(max, `${field} must be at most ${max} ${unit}`);
};

/**
 * What an admin may change at run time: applied to quotes and timers from the moment it
 * changes, while stored events keep what applied when they happened.
 */
export const platformSettingsSchema = z.object({
  /** Surge pricing in rush hours; off by default (the landing page promises no surge). */
  surgeEnabled: z.boolean({ error: 'surgeEnabled must be true or false' }),
  /** The condition quotes are priced under: set by an admin, never drawn at random. */
  weather: z.enum(weatherKinds, { error: `weather must be one of ${weatherKinds.join(', ')}` }),
  /** How long a driver's bid stays valid. */
  bidWindowSeconds: wholeWithin('bidWindowSeconds', 'seconds'),
  /** How long a ride searches for a driver before it expires. */
  searchWindowSeconds: wholeWithin('searchWindowSeconds', 'seconds'),
  /** How long before its time a scheduled ride starts searching. */
  scheduledDispatchLeadMinutes: wholeWithin('scheduledDispatchLeadMinutes', 'minutes'),
});
export type PlatformSettings = z.infer<typeof platformSettingsSchema>;
export type PlatformSettingName = keyof PlatformSettings;

export const platformSettingNames = Object.keys(platformSettingsSchema.shape) as PlatformSettingName[];

/** What applies until an admin first changes anything (ARCHITECTURE: surge off, clear weather, 120 s bids, 10 min search). */
export const defaultPlatformSettings: PlatformSettings = {
  surgeEnabled: false,
  weather: 'clear',
  bidWindowSeconds: 120,
  searchWindowSeconds: 600,
  scheduledDispatchLeadMinutes: 15,
};

/** The settings' one stream: there is one platform. */
export const PLATFORM_SETTINGS_STREAM = streamName('platformSettings', 'platform');
