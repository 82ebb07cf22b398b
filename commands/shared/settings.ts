import {
  defaultPlatformSettings,
  PLATFORM_SETTINGS_STREAM,
  type PlatformSettings,
  type PlatformSettingsEvent,
} from '../../domain/platformSettings/index.js';
import { eventUpcasters } from '../../domain/upcasting/index.js';
import type { EventStore } from '../../platform/eventStore/port.js';

export { defaultPlatformSettings, type PlatformSettings };

/** Where the admin-set platform settings come from; read once per command that needs them. */
export interface SettingsSource {
  current(): Promise<PlatformSettings>;
}

/** The defaults, whatever anyone changed (tests that want fixed settings). */
export const defaultSettings: SettingsSource = { current: async () => defaultPlatformSettings };

/**
 * The settings in force: the whole set carried by the latest PlatformSettingsChanged (one event
 * read backwards from the end of the settings stream), or the defaults before any change. Read
 * at each use, so a change applies to the very next quote, bid and timer on every instance.
 */
export function eventSourcedSettings(store: Pick<EventStore, 'readStream'>): SettingsSource {
  return {
    async current() {
      const [latest] = await store.readStream(PLATFORM_SETTINGS_STREAM, { direction: 'backwards', maxCount: 1 });
      if (!latest) return defaultPlatformSettings;
      const current = eventUpcasters.upcast({ type: latest.type, data: latest.data, metadata: latest.metadata });
      return (current as unknown as PlatformSettingsEvent).data.settings;
    },
  };
}
