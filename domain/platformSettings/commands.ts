import { z } from 'zod';
import { commandSchema } from '../shared/command.js';
import { platformSettingsSchema } from './settings.js';

/** Change some settings; those left out keep their value. Ranges are checked by the decider on the resulting whole. */
export const changePlatformSettings = commandSchema(
  'ChangePlatformSettings',
  z.object({ changes: platformSettingsSchema.partial() }),
);

export const platformSettingsCommandSchema = z.discriminatedUnion('type', [changePlatformSettings]);
export type PlatformSettingsCommand = z.infer<typeof platformSettingsCommandSchema>;
