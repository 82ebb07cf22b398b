import { initialTransition, transition, type AnyStateMachine, type SnapshotFrom, type EventFromLogic } from 'xstate';

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
 * folded through the machine with the pure `transition()`, so the server and the browser compute
 * the same snapshot from the same events.
 */
export function foldThrough<Machine extends AnyStateMachine>(machine: Machine) {
  return {
    initialState: (): SnapshotFrom<Machine> =>
      (initialTransition as (logic: AnyStateMachine) => unknown[])(machine)[0] as SnapshotFrom<Machine>,
    evolve: (state: SnapshotFrom<Machine>, event: EventFromLogic<Machine>): SnapshotFrom<Machine> =>
      transition(machine, state, event)[0] as SnapshotFrom<Machine>,
  };
}

export function fold<State, Event>(decider: Pick<Decider<State, unknown, Event>, 'initialState' | 'evolve'>, events: readonly Event[]): State {
  return events.reduce(decider.evolve, decider.initialState());
}
