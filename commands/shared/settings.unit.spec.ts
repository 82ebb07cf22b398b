import { describe, expect, it } from 'vitest';
import { defaultPlatformSettings, PLATFORM_SETTINGS_STREAM, type PlatformSettings } from '../../domain/platformSettings/index.js';
import type { ReadStreamOptions, RecordedEvent } from '../../platform/eventStore/port.js';
import { createCommandServices } from './services.js';
import { eventSourcedSettings } from './settings.js';

const stormy: PlatformSettings = { ...defaultPlatformSettings, weather: 'storm', bidWindowSeconds: 60 };

/** A store holding `events` on the settings stream, recording how it was read. */
function storeWith(events: RecordedEvent[]) {
  const reads: Array<{ stream: string; options?: ReadStreamOptions }> = [];
  return {
    reads,
    async readStream(stream: string, options?: ReadStreamOptions) {
      reads.push({ stream, options });
      if (stream !== PLATFORM_SETTINGS_STREAM) return [];
      return options?.direction === 'backwards' ? [...events].reverse().slice(0, options.maxCount) : events;
    },
  };
}

const changed = (settings: PlatformSettings, revision: bigint): RecordedEvent =>
  ({
    id: `event-${revision}`,
    streamName: PLATFORM_SETTINGS_STREAM,
    revision,
    type: 'PlatformSettingsChanged',
    data: { settings, previous: defaultPlatformSettings, changed: ['weather'], changedBy: 'admin-1', changedAt: '2026-12-01T06:00:00.000Z' },
    metadata: { schemaVersion: 1 },
    created: new Date('2026-12-01T06:00:00Z'),
  }) as unknown as RecordedEvent;

describe('the event-sourced settings source', () => {
  it('answers the defaults before any change', async () => {
    expect(await eventSourcedSettings(storeWith([])).current()).toEqual(defaultPlatformSettings);
  });

  it('answers the latest change’s whole set, reading one event backwards', async () => {
    const store = storeWith([changed({ ...defaultPlatformSettings, surgeEnabled: true }, 0n), changed(stormy, 1n)]);
    expect(await eventSourcedSettings(store).current()).toEqual(stormy);
    expect(store.reads).toEqual([{ stream: PLATFORM_SETTINGS_STREAM, options: { direction: 'backwards', maxCount: 1 } }]);
  });

  it('is what command services use unless a test fixes the settings', async () => {
    const store = storeWith([changed(stormy, 0n)]);
    expect(await createCommandServices({ store: store as never, db: {} as never }).settings.current()).toEqual(stormy);
  });
});
