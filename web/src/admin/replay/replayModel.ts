import type { RideState } from '../../../../domain/ride/status.js';
import { foldRideEvents, rideView, type RideView } from '../../tracking/rideFold.js';
import { etaMinutes } from '../../tracking/StatusBanner.js';
import { sourceOf, type AuditTrail, type TrailEvent, type TrailSource } from './auditTrail.js';
import { streamName } from '../../../../domain/streams.js';

/** The fare as it stood at a step: the locked quote, the rider's offer, the agreed and the final fare. */
export interface ReplayFare {
  pricingMethod: 'fixed' | 'bidding' | null;
  quoteNgwee: number | null;
  offeredNgwee: number | null;
  agreedNgwee: number | null;
  finalNgwee: number | null;
}

export type PinShown = 'none' | 'issued' | 'locked';

/** What the audit trail shows after the first `index` events of the trail (0: before any). */
export interface ReplayStep {
  index: number;
  /** The event this step adds; null for step 0. */
  event: TrailEvent | null;
  source: TrailSource | null;
  /** The ride machine's state, sub-states joined with dots ('arrived.pinLocked'); 'idle' before the ride exists. */
  machineState: string;
  /** The rider's tracking screen's view of the ride then (status, progress, banner, buttons); null before the ride exists. */
  view: RideView | null;
  /** The minutes the banner named: a replay has no live ETA, so the spec's defaults or the quoted duration. */
  bannerMinutes: number;
  fare: ReplayFare;
  /** Whether a PIN was live then, never which (the server masks it). */
  pin: PinShown;
}

/** The machine's state value as one readable name: `{ arrived: 'pinLocked' }` → 'arrived.pinLocked'. */
export function machineStateName(value: RideState['value']): string {
  if (typeof value === 'string') return value;
  return Object.entries(value as Record<string, unknown>)
    .map(([parent, child]) => `${parent}.${machineStateName(child as RideState['value'])}`)
    .join(',');
}

function fareAt(state: RideState): ReplayFare {
  const { booking, offeredFareNgwee, agreedFareNgwee, finalFareNgwee } = state.context;
  return {
    pricingMethod: booking?.pricingMethod ?? null,
    quoteNgwee: booking?.quote.totalNgwee ?? null,
    offeredNgwee: offeredFareNgwee,
    agreedNgwee: agreedFareNgwee,
    finalNgwee: finalFareNgwee,
  };
}

const quotedMinutes = (state: RideState): number | null => {
  const minutes = state.context.booking?.quote.breakdown.durationMin;
  return typeof minutes === 'number' && Number.isFinite(minutes) ? minutes : null;
};

function stepOf(index: number, event: TrailEvent | null, source: TrailSource | null, state: RideState): ReplayStep {
  const view = rideView(state, 'rider');
  return {
    index,
    event,
    source,
    machineState: machineStateName(state.value),
    view,
    bannerMinutes: view ? etaMinutes(view, { eta: null, duration: quotedMinutes(state) }) : 0,
    fare: fareAt(state),
    pin: pinShown(state, view),
  };
}

/** The rider holds a PIN from the driver's assignment until the trip starts (the tracking screen's PIN card). */
function pinShown(state: RideState, view: RideView | null): PinShown {
  if (view?.pinLocked) return 'locked';
  const beforeTheTrip = view?.status === 'accepted' || view?.status === 'arrived';
  return beforeTheTrip && state.context.pin !== null ? 'issued' : 'none';
}

/**
 * Every step of a ride's replay. The ride's own events are folded through the shared ride machine
 * with the tracking screen's fold (the one the server decides with); its bids' and dispatch
 * search's events are steps too, shown in the order they happened, but they do not move the ride.
 */
export function replaySteps(trail: AuditTrail): ReplayStep[] {
  const rideStream = trail.streams[0] ?? streamName('ride', trail.rideId);
  const rideEvents: TrailEvent[] = [];
  let state = foldRideEvents(rideEvents);
  const steps: ReplayStep[] = [stepOf(0, null, null, state)];
  trail.events.forEach((event, position) => {
    const source = sourceOf(event, rideStream);
    if (source === 'ride') {
      rideEvents.push(event);
      state = foldRideEvents(rideEvents);
    }
    steps.push(stepOf(position + 1, event, source, state));
  });
  return steps;
}
