import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import type { Actor } from '../shared/command.js';
import { DomainError, fold } from '../shared/index.js';
import { fixedDeps } from '../shared/spec.js';
import type { IncidentCommand } from './commands.js';
import { incidentDecider } from './decider.js';
import { parseIncidentEvent, type IncidentCause, type IncidentEvent } from './events.js';
import { acknowledge, admin, driverUser, raise, reactor, reAlert, resolve, rider, rideId, sos, staff, start, unansweredCheck } from '../../tests/support/fixtures/incident.js';
import { INCIDENT_REALERT_AFTER_SECONDS } from './machine.js';
import { incidentIdFor, openIncidentStatus, type IncidentState } from './status.js';

/**
 * Model test: random sequences of raises (SOS presses and ride checks, some delivered twice),
 * re-alert timers, acknowledgements and resolutions by random actors, against a model small
 * enough to be obviously right. After every step the decider's answer is the model's and the
 * folded state agrees with it; at no moment are two incidents open on the ride.
 */

interface Model {
  nowMs: number;
  open: { number: number; acknowledged: boolean; alertCount: number; dueMs: number } | null;
  resolvedCount: number;
  causes: Set<string>;
}

interface Real {
  state: IncidentState;
  history: IncidentEvent[];
}

type Outcome = { events: IncidentEvent['type'][] } | { refused: string };

const actors = { reactor, admin, staff, rider, driverUser } satisfies Record<string, Actor>;
type ActorName = keyof typeof actors;
const reached = new Set<string>();

function decideAndCompare(model: Model, real: Real, command: IncidentCommand, expected: Outcome): IncidentEvent[] {
  let events: IncidentEvent[] = [];
  let actual: Outcome;
  try {
    events = incidentDecider.decide(command, real.state, fixedDeps({ now: new Date(model.nowMs) }));
    actual = { events: events.map((event) => event.type) };
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    actual = { refused: error.code };
  }
  expect(actual, JSON.stringify(command)).toEqual(expected);
  for (const event of events) {
    expect(parseIncidentEvent(event)).toEqual(event);
    real.state = incidentDecider.evolve(real.state, event);
    real.history.push(event);
    reached.add(event.type);
  }
  return events;
}

/** Which incident a command names: the open one, the last resolved one, or one that never was. */
type Target = 'open' | 'resolved' | 'unknown';
function targetId(model: Model, target: Target): { id: string; known: 'open' | 'resolved' | 'none' } {
  if (target === 'open' && model.open) return { id: incidentIdFor(rideId, model.open.number), known: 'open' };
  if (target === 'resolved' && model.resolvedCount > 0) return { id: incidentIdFor(rideId, model.resolvedCount), known: 'resolved' };
  return { id: incidentIdFor(rideId, 99), known: 'none' };
}

class Raise implements fc.Command<Model, Real> {
  constructor(readonly cause: IncidentCause, readonly by: ActorName) {}
  check = () => true;
  run(model: Model, real: Real) {
    const key = this.cause.kind === 'sos' ? `sos:${this.cause.emergencyEventId}` : `ride_check:${this.cause.checkId}`;
    const expected: Outcome =
      this.by !== 'reactor' ? { refused: 'forbidden' }
      : model.causes.has(key) ? { events: [] }
      : { events: [model.open ? 'IncidentAlertAdded' : 'IncidentRaised'] };
    decideAndCompare(model, real, raise(this.cause, actors[this.by]), expected);
    if (this.by !== 'reactor' || model.causes.has(key)) return;
    model.causes.add(key);
    if (!model.open) {
      model.open = { number: model.resolvedCount + 1, acknowledged: false, alertCount: 1, dueMs: model.nowMs + INCIDENT_REALERT_AFTER_SECONDS * 1000 };
    }
  }
  toString = () => `raise(${JSON.stringify(this.cause)}, ${this.by})`;
}

class Advance implements fc.Command<Model, Real> {
  constructor(readonly seconds: number) {}
  check = () => true;
  run(model: Model) {
    model.nowMs += this.seconds * 1000;
  }
  toString = () => `advance(${this.seconds})`;
}

class ReAlert implements fc.Command<Model, Real> {
  constructor(readonly target: Target, readonly by: ActorName) {}
  check = () => true;
  run(model: Model, real: Real) {
    const { id, known } = targetId(model, this.target);
    const open = model.open;
    const expected: Outcome =
      this.by !== 'reactor' ? { refused: 'forbidden' }
      : known === 'none' ? { refused: 'not_found' }
      : known === 'resolved' || !open || open.acknowledged || model.nowMs < open.dueMs ? { refused: 'not_allowed_in_state' }
      : { events: ['IncidentReAlerted'] };
    decideAndCompare(model, real, reAlert(id, actors[this.by]), expected);
    if ('events' in expected && open) {
      open.alertCount += 1;
      open.dueMs = model.nowMs + INCIDENT_REALERT_AFTER_SECONDS * 1000;
    }
  }
  toString = () => `reAlert(${this.target}, ${this.by})`;
}

/** An admin's acknowledgement or resolution: the same refusals, in the opposite sub-state. */
class AdminResponse implements fc.Command<Model, Real> {
  constructor(readonly kind: 'acknowledge' | 'resolve', readonly target: Target, readonly by: ActorName) {}
  check = () => true;
  run(model: Model, real: Real) {
    const { id, known } = targetId(model, this.target);
    const acknowledging = this.kind === 'acknowledge';
    const wrongSubState = acknowledging ? model.open?.acknowledged : !model.open?.acknowledged;
    const expected: Outcome =
      this.by !== 'admin' ? { refused: 'forbidden' }
      : known === 'none' ? { refused: 'not_found' }
      : known === 'resolved' || wrongSubState ? { refused: 'not_allowed_in_state' }
      : { events: [acknowledging ? 'IncidentAcknowledged' : 'IncidentResolved'] };
    const command = acknowledging ? acknowledge(id, actors[this.by]) : resolve(id, 'assisted', 'Rider called back, all well', actors[this.by]);
    decideAndCompare(model, real, command, expected);
    if (!('events' in expected)) return;
    if (acknowledging) model.open!.acknowledged = true;
    else {
      model.open = null;
      model.resolvedCount += 1;
    }
  }
  toString = () => `${this.kind}(${this.target}, ${this.by})`;
}

const mostly = <T extends string>(natural: T) =>
  fc.oneof({ weight: 6, arbitrary: fc.constant<ActorName>(natural as ActorName) }, { weight: 1, arbitrary: fc.constantFrom<ActorName>('reactor', 'admin', 'staff', 'rider', 'driverUser') });
const target = fc.oneof({ weight: 6, arbitrary: fc.constant<Target>('open') }, { weight: 1, arbitrary: fc.constantFrom<Target>('resolved', 'unknown') });
const cause = fc.oneof(
  fc.record({ id: fc.integer({ min: 1, max: 8 }), party: fc.constantFrom('rider' as const, 'driver' as const) }).map(({ id, party }) => sos(`evt-${id}`, party)),
  fc.integer({ min: 1, max: 4 }).map((id) => unansweredCheck(`check-${id}`)),
);

const commands = fc.commands(
  [
    fc.tuple(cause, mostly('reactor')).map(([what, by]) => new Raise(what, by)),
    fc.constantFrom(20, 45, 61, 300).map((seconds) => new Advance(seconds)),
    fc.tuple(target, mostly('reactor')).map(([which, by]) => new ReAlert(which, by)),
    fc.tuple(fc.constantFrom('acknowledge' as const, 'resolve' as const), target, mostly('admin')).map(([kind, which, by]) => new AdminResponse(kind, which, by)),
  ],
  { size: 'max', maxCommands: 60 },
);

const visible = (state: IncidentState) => JSON.parse(JSON.stringify({ value: state.value, context: state.context })) as unknown;

describe('incident model', () => {
  it('answers every command as the model does, and never has two incidents open', () => {
    fc.assert(
      fc.property(commands, (sequence) => {
        const model: Model = { nowMs: Date.parse(start), open: null, resolvedCount: 0, causes: new Set() };
        const real: Real = { state: incidentDecider.initialState(), history: [] };
        fc.modelRun(() => ({ model, real }), sequence);
        const status = openIncidentStatus(real.state);
        expect(status).toBe(model.open === null ? null : model.open.acknowledged ? 'acknowledged' : 'raised');
        expect(real.state.context.resolved).toHaveLength(model.resolvedCount);
        if (model.open) expect(real.state.context.open?.alertCount).toBe(model.open.alertCount);
        const raisedEvents = real.history.filter((event) => event.type === 'IncidentRaised');
        const resolutions = real.history.filter((event) => event.type === 'IncidentResolved');
        expect(raisedEvents.length - resolutions.length, 'open incidents').toBe(model.open ? 1 : 0);
        expect(visible(fold(incidentDecider, real.history)), 'refolding gives the same snapshot').toEqual(visible(real.state));
        if (model.resolvedCount > 1) reached.add('second incident resolved');
      }),
      { numRuns: 300 },
    );
  });

  afterAll(() => {
    for (const name of ['IncidentRaised', 'IncidentAlertAdded', 'IncidentReAlerted', 'IncidentAcknowledged', 'IncidentResolved', 'second incident resolved']) {
      expect(reached, `no run reached ${name}`).toContain(name);
    }
  });
});
