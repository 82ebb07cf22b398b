import { randomInt, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DecideDeps, DomainEvent } from '../../domain/shared/index.js';
import { eventUpcasters, schemaVersionOf } from '../../domain/upcasting/index.js';
import { systemClock, type Clock } from '../../platform/clock.js';
import type { EventStore, RecordedEvent } from '../../platform/eventStore/port.js';
import type { Router } from '../../platform/routing/index.js';
import type { CommandsDatabase } from './database.js';
import type { HandleOptions } from './handleCommand.js';
import { defaultSafetyPorts, type SafetyPorts } from './safetyPorts.js';
import { eventSourcedSettings, type SettingsSource } from './settings.js';

/** What every command handler and reactor works with. Tests swap the clock and randomness. */
export interface CommandServices {
  store: EventStore;
  /** Read models, telemetry and timers (never the events: those go through `store`). */
  db: Kysely<CommandsDatabase>;
  clock: Clock;
  /** Uniform in [0, 1). Cryptographic in production: PINs come from it. */
  random(): number;
  newId(): string;
  settings: SettingsSource;
  /** Share-link tokens, SMS and recordings' storage, for the safety net's handlers, reactors and timers. */
  safety: SafetyPorts;
  /**
   * Routes along the roads for quotes (platform/routing: the configured engine, then the offline
   * router). Absent, a trip is priced on the great-circle estimate, as tests that fix fares expect.
   */
  router?: Router;
}

export function createCommandServices(
  parts: Pick<CommandServices, 'store' | 'db'> & Partial<Omit<CommandServices, 'store' | 'db'>>,
): CommandServices {
  return {
    clock: systemClock,
    random: () => randomInt(0, 2 ** 48 - 1) / 2 ** 48,
    newId: randomUUID,
    // What admins set (the platform settings stream), unless a test fixes the settings.
    settings: eventSourcedSettings(parts.store),
    ...parts,
    safety: parts.safety ?? defaultSafetyPorts(),
  };
}

/** The clock, ids and randomness a decider may use, taken once per decision. */
export function decideDeps(services: CommandServices): DecideDeps {
  return { now: services.clock.now(), newId: services.newId, random: services.random };
}

/** Stored events as the deciders fold them: upcast to the current schema, `{ type, data }`. */
export function toDomainEvent<Event extends DomainEvent>(recorded: RecordedEvent): Event {
  const current = eventUpcasters.upcast({ type: recorded.type, data: recorded.data, metadata: recorded.metadata });
  return { type: current.type, data: current.data } as Event;
}

/** handleCommand's options every lifecycle shares: versions on write, upcasting on read. */
export function lifecycleOptions<Event extends DomainEvent>(): HandleOptions<Event> {
  return { schemaVersionOf, upcast: (recorded) => toDomainEvent<Event>(recorded) };
}
