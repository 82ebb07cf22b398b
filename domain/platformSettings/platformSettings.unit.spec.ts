import { describe, expect, it } from 'vitest';
import type { Actor } from '../shared/command.js';
import { fold } from '../shared/decider.js';
import { DeciderSpecification, fixedDeps } from '../shared/spec.js';
import type { PlatformSettingsCommand } from './commands.js';
import { platformSettingsDecider } from './decider.js';
import type { PlatformSettingsEvent } from './events.js';
import { defaultPlatformSettings, type PlatformSettings } from './settings.js';

const spec = DeciderSpecification.for(platformSettingsDecider);
const now = '2026-11-30T06:00:00.000Z';
const deps = fixedDeps({ now });
const admin: Actor = { userId: 'admin-natasha', role: 'admin' };

const change = (changes: Partial<PlatformSettings>, actor: Actor = admin): PlatformSettingsCommand => ({
  type: 'ChangePlatformSettings',
  data: { changes },
  actor,
});

const changed = (previous: PlatformSettings, settings: PlatformSettings, names: Array<keyof PlatformSettings>): PlatformSettingsEvent => ({
  type: 'PlatformSettingsChanged',
  data: { settings, previous, changed: names, changedBy: admin.userId, changedAt: now },
});

const rainySurge: PlatformSettings = { ...defaultPlatformSettings, surgeEnabled: true, weather: 'rain' };

describe('ChangePlatformSettings', () => {
  it('records the whole new set, the previous one and what changed', () =>
    spec([]).when(change({ surgeEnabled: true, weather: 'rain' }), deps).then([changed(defaultPlatformSettings, rainySurge, ['surgeEnabled', 'weather'])]));

  it('starts from the latest change, keeping what the command leaves out', () => {
    const shorterBids = { ...rainySurge, bidWindowSeconds: 60 };
    spec([changed(defaultPlatformSettings, rainySurge, ['surgeEnabled', 'weather'])])
      .when(change({ bidWindowSeconds: 60 }), deps)
      .then([changed(rainySurge, shorterBids, ['bidWindowSeconds'])]);
  });

  it('records nothing when the values are those already in force (a form saved twice)', () => {
    spec([]).when(change({ weather: 'clear', bidWindowSeconds: 120 }), deps).thenNothingHappened();
    spec([changed(defaultPlatformSettings, rainySurge, ['surgeEnabled', 'weather'])]).when(change({ surgeEnabled: true }), deps).thenNothingHappened();
  });

  it.each([
    [{ bidWindowSeconds: 29 }, 'bidWindowSeconds'],
    [{ bidWindowSeconds: 601 }, 'bidWindowSeconds'],
    [{ bidWindowSeconds: 90.5 }, 'bidWindowSeconds'],
    [{ searchWindowSeconds: 59 }, 'searchWindowSeconds'],
    [{ searchWindowSeconds: 3601 }, 'searchWindowSeconds'],
    [{ scheduledDispatchLeadMinutes: 4 }, 'scheduledDispatchLeadMinutes'],
    [{ scheduledDispatchLeadMinutes: 121 }, 'scheduledDispatchLeadMinutes'],
    [{ weather: 'snow' }, 'weather'],
    [{ surgeEnabled: 'yes' }, 'surgeEnabled'],
  ])('refuses %j naming the field', (changes, field) =>
    spec([]).when(change(changes as Partial<PlatformSettings>), deps).thenThrows('invalid', new RegExp(field)));

  it('accepts the limits themselves', () =>
    spec([])
      .when(change({ bidWindowSeconds: 30, searchWindowSeconds: 3600, scheduledDispatchLeadMinutes: 5 }), deps)
      .then([
        changed(defaultPlatformSettings, { ...defaultPlatformSettings, bidWindowSeconds: 30, searchWindowSeconds: 3600, scheduledDispatchLeadMinutes: 5 }, [
          'bidWindowSeconds',
          'searchWindowSeconds',
          'scheduledDispatchLeadMinutes',
        ]),
      ]));

  it.each(['passenger', 'driver', 'staff', 'system'] as const)('refuses a %s', (role) =>
    spec([]).when(change({ surgeEnabled: true }, { userId: 'someone', role }), deps).thenThrows('forbidden'));
});

describe('evolve', () => {
  it('answers the defaults before any change, then the latest change’s whole set', () => {
    expect(fold(platformSettingsDecider, []).settings).toEqual(defaultPlatformSettings);
    const later = { ...rainySurge, weather: 'storm' as const };
    const history = [changed(defaultPlatformSettings, rainySurge, ['surgeEnabled', 'weather']), changed(rainySurge, later, ['weather'])];
    expect(fold(platformSettingsDecider, history).settings).toEqual(later);
  });
});
