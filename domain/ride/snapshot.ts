import type { StateValue } from 'xstate';
import type { Booking } from './events.js';
import { rideMachine, type RideContext } from './machine.js';
import type { RideState } from './status.js';

/**
 * A ride's state as a read model keeps it between batches (a jsonb column), so the next events
 * fold on through the same machine as the write side instead of a copy of its transitions. The
 * PIN is left out: read models are served to drivers, and no transition looks at the PIN itself
 * (only the decider compares it, and it decides on the stream, never on a read model). The
 * booking is left out too: it is half the state, and the read model's own columns hold all of it,
 * so it comes back from them on resume instead of being written (and parsed) twice per ride.
 */
export interface KeptRideState {
  value: StateValue;
  context: Omit<RideContext, 'pin' | 'booking'> & { pin: null; booking: null };
}

export function keepRideState(state: RideState): KeptRideState {
  return { value: state.value, context: { ...state.context, pin: null, booking: null } };
}

/**
 * The snapshot back from what `keepRideState` kept and the booking the read model holds, ready
 * for `rideDecider.evolve`. (A state kept before the booking was left out still holds one: the
 * given booking, the same one, takes its place.)
 */
export function resumeRideState(kept: KeptRideState, booking: Booking): RideState {
  return rideMachine.resolveState({ value: kept.value, context: { ...kept.context, booking } });
}
