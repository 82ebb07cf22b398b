/**
 * A ride's incidents (stream `incident-<rideId>`): raised by an SOS press or a ride check,
 * acknowledged by an admin (re-alerting every minute until then), resolved with an outcome.
 * At most one is open per ride; further presses are added to it.
 */
export { incidentMachine, INCIDENT_REALERT_AFTER_SECONDS, type IncidentContext, type OpenIncident, type ResolvedIncident } from './machine.js';
export {
  incidentEventSchemas,
  incidentEventTypes,
  incidentOutcomes,
  incidentOutcomeSchema,
  incidentCauseSchema,
  causeKey,
  isIncidentEventType,
  parseIncidentEvent,
  MAX_RESOLUTION_NOTE_LENGTH,
  type IncidentCause,
  type IncidentEvent,
  type IncidentEventOf,
  type IncidentEventType,
  type IncidentOutcome,
} from './events.js';
export {
  incidentCommandSchemas,
  incidentCommandSchema,
  type IncidentCommand,
  type IncidentCommandOf,
  type IncidentCommandType,
  type ParsedIncidentCommand,
} from './commands.js';
export { decide, incidentDecider } from './decider.js';
export { causeFromEmergency, causeFromRideCheck } from './causes.js';
export {
  describeIncidentState,
  incidentHandlers,
  incidentIdFor,
  incidentStream,
  openIncidentStatus,
  type IncidentState,
  type IncidentStatus,
} from './status.js';
