/**
 * Stored events are never rewritten: when an event's shape improves, the new shape gets the next
 * schema version and an upcaster turns older stored versions into it as they are read. Events
 * whose metadata carries no schemaVersion were written before versions were recorded: version 1.
 */
export interface StoredEventLike {
  type: string;
  data: unknown;
  metadata?: { schemaVersion?: number } & Record<string, unknown>;
}

/** Turns the data of one version into the data of the next (parse what you read: stored data is unknown). */
export type Upcaster = (data: unknown, event: StoredEventLike) => unknown;

export interface UpcasterRegistry {
  register(type: string, fromVersion: number, toVersion: number, upcaster: Upcaster): UpcasterRegistry;
  /** The version an event of this type ends at once upcast: the newest any upcaster reaches, else 1. */
  latestVersion(type: string): number;
  /** The event at its latest version, metadata.schemaVersion set to it; the same object if nothing applied. */
  upcast<Event extends StoredEventLike>(event: Event): Event;
}

interface Step {
  toVersion: number;
  upcaster: Upcaster;
}

export function createUpcasterRegistry(): UpcasterRegistry {
  const stepsByType = new Map<string, Map<number, Step>>();

  const latestVersion = (type: string) =>
    Math.max(1, ...[...(stepsByType.get(type)?.values() ?? [])].map((step) => step.toVersion));

  const registry: UpcasterRegistry = {
    register(type, fromVersion, toVersion, upcaster) {
      requireVersion(fromVersion, `${type} fromVersion`);
      requireVersion(toVersion, `${type} toVersion`);
      if (toVersion <= fromVersion) {
        throw new RangeError(`An upcaster of ${type} must go forward: v${fromVersion} → v${toVersion}`);
      }
      const steps = stepsByType.get(type) ?? new Map<number, Step>();
      if (steps.has(fromVersion)) throw new Error(`${type} v${fromVersion} already has an upcaster`);
      steps.set(fromVersion, { toVersion, upcaster });
      stepsByType.set(type, steps);
      return registry;
    },

    latestVersion,

    upcast(event) {
      const storedVersion = event.metadata?.schemaVersion ?? 1;
      requireVersion(storedVersion, `${event.type} metadata.schemaVersion`);
      const steps = stepsByType.get(event.type);
      const target = latestVersion(event.type);
      if (!steps || storedVersion >= target) return event;

      let version = storedVersion;
      let data = event.data;
      for (let step = steps.get(version); step; step = steps.get(version)) {
        data = step.upcaster(data, { ...event, data, metadata: { ...event.metadata, schemaVersion: version } });
        version = step.toVersion;
      }
      if (version !== target) {
        throw new Error(`No upcaster takes ${event.type} from v${version} towards v${target}`);
      }
      return { ...event, data, metadata: { ...event.metadata, schemaVersion: version } };
    },
  };
  return registry;
}

function requireVersion(version: unknown, what: string): asserts version is number {
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1) {
    throw new RangeError(`${what} must be a whole number ≥ 1, got ${String(version)}`);
  }
}
