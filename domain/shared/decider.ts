import { createActor, type AnyActorScope, type AnyStateMachine, type EventFromLogic, type SnapshotFrom } from 'xstate';

/** An event as stored: a past-tense type and its data (Emmett's shape). */
export interface DomainEvent<Type extends string = string, Data extends object = object> {
  type: Type;
  data: Data;
}

/** What a decider may not take from a global: the clock, ids and randomness. */
export interface DecideDeps {
  now: Date;
  newId(): string;
  /** A uniform number in [0, 1). */
  random(): number;
}

export interface Decider<State, Command, Event> {
  initialState(): State;
  evolve(state: State, event: Event): State;
  /** Answers the events the command causes, or throws a DomainError. Never appends anything itself. */
  decide(command: Command, state: State, deps: DecideDeps): Event[];
  /**
   * Event types after which the state no longer depends on anything before them (a driver going on
   * duty starts a new shift): a fold may begin at the last of them instead of the stream's start,
   * so loading a long-lived stream costs what its current stretch costs. Folding from there must
   * give the very state the whole stream gives (each lifecycle proves it with a property test).
   */
  resumesAt?: readonly string[];
}

/**
 * initialState/evolve for a lifecycle whose rules live in an XState machine: stored events are
 * folded through the machine's own `transition`, so the server and the browser compute the same
 * snapshot from the same events.
 *
 * What XState's pure `transition(machine, state, event)` does, without its cost per event: that
 * function builds a fresh inert actor (and the machine's initial snapshot with it) on every call
 * to give the machine a scope that runs nothing — a third of a ride's fold. Our lifecycle machines
 * neither spawn nor invoke actors and their actions are assignments, so one inert scope per
 * machine serves every fold: actions the machine asks to run are dropped (as `transition` returns
 * them unrun), and nothing is ever registered in its system. `foldThrough.unit.spec.ts` checks that
 * the folds agree with XState's `transition` for every lifecycle.
 */
export function foldThrough<Machine extends AnyStateMachine>(machine: Machine) {
  let scope: AnyActorScope | undefined;
  const inert = (): AnyActorScope => (scope ??= inertScope(machine));
  // Made once: XState never changes a snapshot in place (`transition` answers a new one), and
  // making it runs the machine's entry to its first state, which was 3 % of a ride's fold.
  let initial: SnapshotFrom<Machine> | undefined;
  return {
    initialState: (): SnapshotFrom<Machine> => (initial ??= machine.getInitialSnapshot(inert(), undefined) as SnapshotFrom<Machine>),
    evolve: (state: SnapshotFrom<Machine>, event: EventFromLogic<Machine>): SnapshotFrom<Machine> =>
      machine.transition(state, event, inert()) as SnapshotFrom<Machine>,
  };
}

/** A scope in which nothing runs: XState's inert actor scope, made once. */
function inertScope(machine: AnyStateMachine): AnyActorScope {
  const self = createActor(machine);
  return {
    self,
    id: '',
    sessionId: '',
    system: self.system,
    defer: () => {},
    logger: () => {},
    stopChild: () => {},
    emit: () => {},
    actionExecutor: () => {},
  };
}

export function fold<State, Event>(decider: Pick<Decider<State, unknown, Event>, 'initialState' | 'evolve'>, events: readonly Event[]): State {
  return events.reduce(decider.evolve, decider.initialState());
}
