import type { Weather } from '../../domain/fare/index.js';

/**
 * What an admin may change at run time (issue: admin settings). Applied to quotes and timers
 * from the moment it changes; stored events keep what applied when they happened.
 */
export interface PlatformSettings {
  surgeEnabled: boolean;
  weather: Weather;
  /** How long a driver's bid stays valid. */
  bidWindowSeconds: number;
  /** How long a ride searches for a driver before it expires. */
  searchWindowSeconds: number;
  /** How long before its time a scheduled ride starts searching. */
  scheduledDispatchLeadMinutes: number;
}

export const defaultPlatformSettings: PlatformSettings = {
  surgeEnabled: false,
  weather: 'clear',
  bidWindowSeconds: 120,
  searchWindowSeconds: 600,
  scheduledDispatchLeadMinutes: 15,
};
