import type { DecideDeps, Decider } from '../shared/decider.js';
import { assertNever, parseOrInvalid, requireRole } from '../shared/command.js';
import { platformSettingsCommandSchema, type PlatformSettingsCommand } from './commands.js';
import type { PlatformSettingsEvent } from './events.js';
import { defaultPlatformSettings, platformSettingNames, platformSettingsSchema, type PlatformSettings } from './settings.js';

export interface PlatformSettingsState {
  settings: PlatformSettings;
}

export const initialState = (): PlatformSettingsState => ({ settings: defaultPlatformSettings });

export function evolve(state: PlatformSettingsState, event: PlatformSettingsEvent): PlatformSettingsState {
  switch (event.type) {
    case 'PlatformSettingsChanged':
      return { settings: event.data.settings };
    default:
      return assertNever(event.type);
  }
}

/**
 * Only an admin changes settings. The result must lie within every limit (a bad value is
 * refused naming its field, and nothing is recorded); a change to the values already in force
 * records nothing, so a form saved twice leaves one event.
 */
export function decide(command: PlatformSettingsCommand, state: PlatformSettingsState, deps: DecideDeps): PlatformSettingsEvent[] {
  const parsed = parseOrInvalid(platformSettingsCommandSchema, command);
  switch (parsed.type) {
    case 'ChangePlatformSettings': {
      requireRole(parsed.actor, ['admin'], parsed.type);
      const previous = state.settings;
      const settings = parseOrInvalid(platformSettingsSchema, { ...previous, ...definedOnly(parsed.data.changes) });
      const changed = platformSettingNames.filter((name) => settings[name] !== previous[name]);
      if (changed.length === 0) return [];
      return [
        {
          type: 'PlatformSettingsChanged',
          data: { settings, previous, changed, changedBy: parsed.actor.userId, changedAt: deps.now.toISOString() },
        },
      ];
    }
    default:
      return assertNever(parsed.type);
  }
}

const definedOnly = (changes: Partial<PlatformSettings>): Partial<PlatformSettings> =>
  Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));

export const platformSettingsDecider: Decider<PlatformSettingsState, PlatformSettingsCommand, PlatformSettingsEvent> = {
  initialState,
  evolve,
  decide,
};
