import type { DecideDeps, Decider } from './decider.js';
import { DomainError, type DomainErrorCode } from './errors.js';

/**
 * Given/when/then for deciders, after Emmett's DeciderSpecification. Framework-agnostic on
 * purpose (domain/ imports only xstate and zod): a mismatch throws a plain Error with a readable
 * difference, so a spec calls it inside vitest's `it(...)` and the test fails with that message.
 *
 *   const given = DeciderSpecification.for(rideDecider);
 *   it('accepts', () => given([requested]).when(accept, fixedDeps({ now })).then([accepted]));
 *   it('refuses', () => given([]).when(accept).thenThrows('not_allowed_in_state'));
 */
export class SpecificationMismatch extends Error {
  override name = 'SpecificationMismatch';
}

export interface WhenClause<Event> {
  /** The command produced exactly these events, in this order. */
  then(expected: Event | readonly Event[]): void;
  /** The command was accepted and produced no events (an idempotent repeat, say). */
  thenNothingHappened(): void;
  /** The command was refused with a DomainError of this code (and a message matching, if given). */
  thenThrows(code: DomainErrorCode, message?: string | RegExp): void;
}

export interface GivenClause<Command, Event> {
  when(command: Command, deps?: DecideDeps): WhenClause<Event>;
}

export type Specification<Command, Event> = (given: Event | readonly Event[]) => GivenClause<Command, Event>;

export const DeciderSpecification = {
  for<State, Command, Event>(decider: Decider<State, Command, Event>): Specification<Command, Event> {
    return (given) => ({
      when(command, deps = fixedDeps()) {
        const run = (): Event[] => {
          const history = (Array.isArray(given) ? given : [given]) as readonly Event[];
          const state = history.reduce(decider.evolve, decider.initialState());
          return decider.decide(command, state, deps);
        };
        return {
          then(expected) {
            assertSameEvents(run(), (Array.isArray(expected) ? expected : [expected]) as readonly Event[]);
          },
          thenNothingHappened() {
            assertSameEvents(run(), []);
          },
          thenThrows(code, message) {
            let produced: Event[];
            try {
              produced = run();
            } catch (error) {
              assertDomainError(error, code, message);
              return;
            }
            throw new SpecificationMismatch(
              `Expected the command to be refused with '${code}', but it produced:\n${render(produced)}`,
            );
          },
        };
      },
    });
  },
};

export interface FixedDepsOptions {
  now?: Date | string;
  /** Handed out in order; once used up, ids continue as `id-<n>`. */
  ids?: readonly string[];
  /** Cycled through; a single number means every draw returns it. */
  random?: number | readonly number[];
}

/** Deterministic clock, ids and randomness for specs. */
export function fixedDeps({ now = '2025-01-15T08:00:00.000Z', ids = [], random = 0.5 }: FixedDepsOptions = {}): DecideDeps {
  const draws = typeof random === 'number' ? [random] : random;
  if (draws.length === 0 || draws.some((draw) => !(draw >= 0 && draw < 1))) {
    throw new RangeError('fixedDeps: random draws must lie in [0, 1)');
  }
  let issued = 0;
  let drawn = 0;
  return {
    now: typeof now === 'string' ? new Date(now) : now,
    newId: () => ids[issued++] ?? `id-${issued}`,
    random: () => draws[drawn++ % draws.length]!,
  };
}

export interface ScenarioStep<State, Command, Event> {
  command: Command;
  before: State;
  /** What decide produced; empty when the command was refused. */
  events: Event[];
  refusal: DomainError | null;
  after: State;
}

export interface Scenario<State, Command, Event> {
  steps: ScenarioStep<State, Command, Event>[];
  /** Every event accepted commands produced, in order: the stream as it would be stored. */
  history: Event[];
  state: State;
}

/**
 * Plays commands one after another as a command handler would (decide, then evolve what it
 * produced), for property-based specs. A refusal must be a DomainError — anything else is a bug
 * and is rethrown — and decide must leave the state it was given as it found it.
 */
export function playScenario<State, Command, Event>(
  decider: Decider<State, Command, Event>,
  commands: readonly Command[],
  deps: DecideDeps = fixedDeps(),
): Scenario<State, Command, Event> {
  let state = decider.initialState();
  const steps: ScenarioStep<State, Command, Event>[] = [];
  const history: Event[] = [];
  for (const command of commands) {
    const untouched = JSON.stringify(state);
    let events: Event[] = [];
    let refusal: DomainError | null = null;
    try {
      events = decider.decide(command, state, deps);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      refusal = error;
    }
    if (JSON.stringify(state) !== untouched) {
      throw new SpecificationMismatch(`decide changed the state it was given while handling ${JSON.stringify(command)}`);
    }
    const after = events.reduce(decider.evolve, state);
    steps.push({ command, before: state, events, refusal, after });
    history.push(...events);
    state = after;
  }
  return { steps, history, state };
}

function assertDomainError(error: unknown, code: DomainErrorCode, message?: string | RegExp): void {
  if (!(error instanceof DomainError)) {
    throw new SpecificationMismatch(`Expected a DomainError '${code}', but got: ${String(error)}`);
  }
  if (error.code !== code) {
    throw new SpecificationMismatch(`Expected a DomainError '${code}', but got '${error.code}': ${error.message}`);
  }
  const matches = message === undefined || (typeof message === 'string' ? error.message.includes(message) : message.test(error.message));
  if (!matches) {
    throw new SpecificationMismatch(`DomainError '${code}' had message "${error.message}", expected it to match ${String(message)}`);
  }
}

function assertSameEvents(actual: readonly unknown[], expected: readonly unknown[]): void {
  const differences: string[] = [];
  collectDifferences(toPlain(expected), toPlain(actual), 'events', differences);
  if (differences.length === 0) return;
  throw new SpecificationMismatch(
    [
      'The command produced different events than expected.',
      ...differences.slice(0, 12).map((line) => `  ${line}`),
      differences.length > 12 ? `  … and ${differences.length - 12} more differences` : '',
      'expected:',
      render(expected),
      'actual:',
      render(actual),
    ]
      .filter(Boolean)
      .join('\n'),
  );
}

/** Dates compare by instant; undefined properties are as good as absent (as in JSON). */
function toPlain(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value ?? null));
}

function collectDifferences(expected: unknown, actual: unknown, path: string, out: string[]): void {
  if (Array.isArray(expected) && Array.isArray(actual)) {
    if (expected.length !== actual.length) out.push(`${path}: expected ${expected.length} items, got ${actual.length}`);
    const shared = Math.min(expected.length, actual.length);
    for (let index = 0; index < shared; index++) collectDifferences(expected[index], actual[index], `${path}[${index}]`, out);
    return;
  }
  if (isRecord(expected) && isRecord(actual)) {
    const keys = new Set([...Object.keys(expected), ...Object.keys(actual)]);
    for (const key of [...keys].sort()) {
      if (!(key in actual)) out.push(`${path}.${key}: missing (expected ${JSON.stringify(expected[key])})`);
      else if (!(key in expected)) out.push(`${path}.${key}: unexpected ${JSON.stringify(actual[key])}`);
      else collectDifferences(expected[key], actual[key], `${path}.${key}`, out);
    }
    return;
  }
  if (JSON.stringify(expected) !== JSON.stringify(actual)) {
    out.push(`${path}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`);
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function render(events: readonly unknown[]): string {
  return JSON.stringify(events, null, 2)
    .split('\n')
    .map((line) => `    ${line}`)
    .join('\n');
}
