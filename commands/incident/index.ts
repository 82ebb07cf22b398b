import { incidentDecider, incidentHandlers, incidentStream, openIncidentStatus, type IncidentCommand } from '../../domain/incident/index.js';
import type { EventStore } from '../../platform/eventStore/port.js';
import { loadState } from '../shared/driverFacts.js';
import { lifecycleCommands, type InputOf } from '../shared/lifecycleCommands.js';

/**
 * A ride's incidents (stream `incident-<rideId>`). Raising and re-alerting are the platform's
 * (the SOS and ride-check reactors, the re-alert timer); admins acknowledge and resolve.
 */
export type RaiseIncidentInput = InputOf<IncidentCommand, 'RaiseIncident'>;
export type ReAlertIncidentInput = InputOf<IncidentCommand, 'ReAlertIncident'>;
export type AcknowledgeIncidentInput = InputOf<IncidentCommand, 'AcknowledgeIncident'>;
export type ResolveIncidentInput = InputOf<IncidentCommand, 'ResolveIncident'>;

const incident = lifecycleCommands(incidentDecider, (data) => incidentStream(data.rideId));

/** Opens the ride's next incident, or adds the cause to the open one (system only). */
export const raiseIncident = incident('RaiseIncident');
export const reAlertIncident = incident('ReAlertIncident');
export const acknowledgeIncident = incident('AcknowledgeIncident');
export const resolveIncident = incident('ResolveIncident');

/** The admins handling (or who handled) an incident on the ride: who may read its messages, hear of new ones and play its recording. */
export async function incidentHandlersOf(store: EventStore, rideId: string): Promise<readonly string[]> {
  const { state } = await loadState(store, incidentStream(rideId), incidentDecider);
  return incidentHandlers(state);
}

/** The admins handling the ride's open incident (none while none is open): they follow its driver's position live. */
export async function openIncidentHandlersOf(store: EventStore, rideId: string): Promise<readonly string[]> {
  const { state } = await loadState(store, incidentStream(rideId), incidentDecider);
  return openIncidentStatus(state) === null ? [] : incidentHandlers(state);
}
