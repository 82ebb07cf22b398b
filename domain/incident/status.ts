import type { SnapshotFrom } from 'xstate';
import type { incidentMachine } from './machine.js';
import { streamName } from '../streams.js';

export type IncidentState = SnapshotFrom<typeof incidentMachine>;

export const incidentStream = (rideId: string) => streamName('incident', rideId);

/** The ride's n-th incident. Derived, so every retry of a raise names the same incident. */
export const incidentIdFor = (rideId: string, number: number) => `${rideId}_incident${number}`;

export type IncidentStatus = 'raised' | 'acknowledged';

/** The open incident's status; null when none is open. */
export function openIncidentStatus(state: IncidentState): IncidentStatus | null {
  if (state.matches({ open: 'raised' })) return 'raised';
  if (state.matches({ open: 'acknowledged' })) return 'acknowledged';
  return null;
}

/**
 * The admins handling, or who handled, an incident on this ride: who acknowledged or resolved
 * one. The rules for reading the ride's messages and playing its recording take this list.
 */
export const incidentHandlers = (state: IncidentState): readonly string[] => state.context.handlers;

export function describeIncidentState(state: IncidentState): string {
  const open = state.context.open;
  if (open === null) return 'ride has no open incident';
  return open.acknowledgedBy === null ? `incident ${open.incidentId} awaits acknowledgement` : `incident ${open.incidentId} is acknowledged`;
}
