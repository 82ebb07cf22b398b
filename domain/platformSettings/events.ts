import { z } from 'zod';
import { eventSchema, instantSchema, nonBlank } from '../shared/command.js';
import { platformSettingNames, platformSettingsSchema, type PlatformSettingName } from './settings.js';

/**
 * An admin changed the platform settings. The event carries the whole new set (so the latest
 * event alone says what applies) and the previous one, and names what changed.
 */
export const platformSettingsChanged = eventSchema(
  'PlatformSettingsChanged',
  z.object({
    settings: platformSettingsSchema,
    previous: platformSettingsSchema,
    changed: z.array(z.enum(platformSettingNames as [PlatformSettingName, ...PlatformSettingName[]])).min(1),
    changedBy: nonBlank,
    changedAt: instantSchema,
  }),
);

export const platformSettingsEventSchema = z.discriminatedUnion('type', [platformSettingsChanged]);
export type PlatformSettingsEvent = z.infer<typeof platformSettingsEventSchema>;

/** The schema version each event type is written at today. */
export const platformSettingsEventVersions = {
  PlatformSettingsChanged: 1,
} as const satisfies Record<PlatformSettingsEvent['type'], number>;
