import { foldThrough } from '../../../domain/shared/decider.js';
import { rideMachine, type RideContext } from '../../../domain/ride/machine.js';
import { rideStatus, type RideState, type RideStatus } from '../../../domain/ride/status.js';
import type { RideEvent } from '../../../domain/ride/events.js';
import { rideActions } from '../../../domain/ride/actions.js';
import type { RideParty, WireRideEvent } from './rideApi.js';

/**
 * The ride as the shared machine sees it: the stream's events folded with XState's pure
 * transition(), the same fold the server decides with. What the screens show and which buttons
 * they offer come from this snapshot, not from rules written again in components.
 */
const ride = foldThrough(rideMachine);

/** Events from the wire, in order. Their data lacks the PIN (the machine only stores it). */
export function foldRideEvents(events: readonly WireRideEvent[]): RideState {
  return events.reduce((state, event) => ride.evolve(state, event as unknown as RideEvent), ride.initialState());
}

export interface RideView extends RideStatus {
  /** The party may cancel now (the rider before the trip starts; the driver before it starts). */
  canCancel: boolean;
  /** The party may still rate the other (once, after completion). */
  canRate: boolean;
  /** The party may raise an emergency now (any active stage). */
  canRaiseEmergency: boolean;
  /** The trip may start: the driver has arrived and the PIN is not locked. */
  awaitingPin: boolean;
  context: RideContext;
}

/** What the screen derives from the snapshot for this party; null before the first event. */
export function rideView(state: RideState, party: RideParty | null): RideView | null {
  const status = rideStatus(state);
  if (!status) return null;
  // The domain decides, from the machine's transitions, as the server's decider does (domain/ride/actions.ts).
  const actions = rideActions(state, party === 'rider' || party === 'driver' ? party : null);
  return { ...status, canCancel: actions.cancel, canRate: actions.rate, canRaiseEmergency: actions.raiseEmergency, awaitingPin: state.matches({ arrived: 'awaitingPin' }), context: state.context };
}
