import type { StateValue } from 'xstate';
import { rideMachine, type RideContext } from './machine.js';
import type { RideState } from './status.js';

/**
 * A ride's state as a read model keeps it between batches (a jsonb column), so the next events
 * fold on through the same machine as the write side instead of a copy of its transitions. The
 * PIN is left out: read models are served to drivers, and no transition looks at the PIN itself
 * (only the decider compares it, and it decides on the stream, never on a read model).
 */
export interface KeptRideState {
  value: StateValue;
  context: RideContext;
}

export function keepRideState(state: RideState): KeptRideState {
  return { value: state.value, context: { ...state.context, pin: null } };
}

/** The snapshot back from what `keepRideState` kept, ready for `rideDecider.evolve`. */
export function resumeRideState(kept: KeptRideState): RideState {
  return rideMachine.resolveState({ value: kept.value, context: kept.context });
}
