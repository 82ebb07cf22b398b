import type { RideEvent } from './events.js';
import type { Party } from './values.js';
import type { RideState } from './status.js';

/**
 * What each of the ride's two people may do in the ride's current state, from the machine's own
 * transitions: the decider refuses what the machine cannot do (requirePossible), and the screens
 * offer a button only where this says so — one rule, read on both sides.
 */
export interface RideActions {
  /** Cancel now (the rider or the driver before the trip starts; only an admin once it has). */
  cancel: boolean;
  /** Rate the other person (once, after completion). */
  rate: boolean;
  /** Raise an emergency (any active stage). */
  raiseEmergency: boolean;
}

const noActions: RideActions = { cancel: false, rate: false, raiseEmergency: false };

/** The event each action would record, as the machine needs it to decide (its data's content does not matter to the transitions). */
const wouldRecord = {
  cancel: (by: Party): RideEvent => ({
    type: 'RideCancelled',
    data: { rideId: '', by, byUserId: '', reasonCode: 'other', reason: 'probe', stage: 'pending', cancelledAt: '' },
  }),
  rate: (by: Party): RideEvent => ({
    type: 'RideRated',
    data: { rideId: '', by, raterUserId: '', rateeUserId: '', stars: 5, comment: null, ratedAt: '' },
  }),
  raiseEmergency: (by: Party): RideEvent => ({
    type: 'EmergencyRaised',
    data: { rideId: '', raisedBy: by, raisedByUserId: '', stage: 'pending', location: null, raisedAt: '' },
  }),
};

/** The actions open to this party now; none for anyone who is not one of the ride's two people. */
export function rideActions(state: RideState, party: Party | null): RideActions {
  if (party === null) return noActions;
  return {
    cancel: state.can(wouldRecord.cancel(party)),
    rate: state.can(wouldRecord.rate(party)),
    raiseEmergency: state.can(wouldRecord.raiseEmergency(party)),
  };
}
