import { z } from 'zod';
import { commandSchema } from '../shared/command.js';
import { incidentCauseSchema, incidentOutcomeSchema, MAX_RESOLUTION_NOTE_LENGTH } from './events.js';

const rideId = z.string().trim().min(1).max(128);
const incidentId = z.string().trim().min(1).max(160);

export const incidentCommandSchemas = {
  /**
   * Raised by the platform (system only) from what happened elsewhere: the ride's EmergencyRaised
   * (causeFromEmergency) or a ride check's Need Help or silence (causeFromRideCheck).
   */
  RaiseIncident: z.object({ rideId, cause: incidentCauseSchema }),
  /** The re-alert timer (system only). */
  ReAlertIncident: z.object({ rideId, incidentId }),
  AcknowledgeIncident: z.object({ rideId, incidentId }),
  ResolveIncident: z.object({
    rideId,
    incidentId,
    outcome: incidentOutcomeSchema,
    note: z.string().trim().min(1, 'must say what happened').max(MAX_RESOLUTION_NOTE_LENGTH),
  }),
} as const;

export type IncidentCommandType = keyof typeof incidentCommandSchemas;

export const incidentCommandSchema = z.discriminatedUnion('type', [
  commandSchema('RaiseIncident', incidentCommandSchemas.RaiseIncident),
  commandSchema('ReAlertIncident', incidentCommandSchemas.ReAlertIncident),
  commandSchema('AcknowledgeIncident', incidentCommandSchemas.AcknowledgeIncident),
  commandSchema('ResolveIncident', incidentCommandSchemas.ResolveIncident),
]);

export type IncidentCommand = z.input<typeof incidentCommandSchema>;
export type ParsedIncidentCommand = z.output<typeof incidentCommandSchema>;
export type IncidentCommandOf<Type extends IncidentCommandType> = Extract<ParsedIncidentCommand, { type: Type }>;
