import { PLATFORM_SETTINGS_STREAM, platformSettingsDecider } from '../../domain/platformSettings/index.js';
import { lifecycleCommands } from '../shared/lifecycleCommands.js';

const platformSettings = lifecycleCommands(platformSettingsDecider, () => PLATFORM_SETTINGS_STREAM);

/**
 * An admin changes some platform settings: appended to the one settings stream with who did it
 * (the actor in the metadata, and `changedBy`); quotes, bids and timers read the latest from then on.
 */
export const changePlatformSettings = platformSettings('ChangePlatformSettings');
