import type { RideEventOf } from '../ride/events.js';
import type { RideCheckEvent } from '../rideChecks/events.js';
import type { IncidentCause } from './events.js';

/**
 * What raises an incident, read from the events that cause it; the reactors of the next phase
 * turn these into RaiseIncident commands on `incident-<rideId>`.
 */

/** An SOS press on the ride, by the rider or the assigned driver. `eventId` is the stored EmergencyRaised's id. */
export function causeFromEmergency(event: RideEventOf<'EmergencyRaised'>, eventId: string): IncidentCause {
  const { raisedBy, raisedByUserId, location, raisedAt } = event.data;
  return { kind: 'sos', emergencyEventId: eventId, party: raisedBy, userId: raisedByUserId, location, pressedAt: raisedAt };
}

/** Need Help, or no answer in time, raises an incident; I'm Safe and Minor Issue do not. */
export function causeFromRideCheck(event: RideCheckEvent): IncidentCause | null {
  switch (event.type) {
    case 'RideCheckAnswered': {
      const { checkId, reason, location, answer, answeredByUserId, answeredAt } = event.data;
      if (answer !== 'need_help') return null;
      return { kind: 'ride_check', checkId, reason, answer, answeredByUserId, location, at: answeredAt };
    }
    case 'RideCheckWentUnanswered': {
      const { checkId, reason, location, markedAt } = event.data;
      return { kind: 'ride_check', checkId, reason, answer: 'unanswered', answeredByUserId: null, location, at: markedAt };
    }
    case 'RideCheckRaised':
      return null;
  }
}
