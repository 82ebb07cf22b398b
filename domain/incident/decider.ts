import type { Actor } from '../shared/command.js';
import { assertNever, parseOrInvalid } from '../shared/command.js';
import { DomainError, foldThrough, notAllowedInState, type DecideDeps, type Decider } from '../shared/index.js';
import { incidentCommandSchema, type IncidentCommand, type IncidentCommandOf, type ParsedIncidentCommand } from './commands.js';
import { causeKey, type IncidentEvent } from './events.js';
import { INCIDENT_REALERT_AFTER_SECONDS, incidentMachine, type OpenIncident } from './machine.js';
import { describeIncidentState, incidentIdFor, type IncidentState } from './status.js';

/**
 * Who does what. The platform raises (from an SOS press or a ride check, which the rider or the
 * assigned driver caused: their identity is in the cause) and re-alerts. Admins acknowledge and
 * resolve, as only admins reach the admin routes today; staff are support agents who take no
 * part in rides (domain/ride/rules.ts) and the system never decides an emergency is over.
 */
const RESPONDERS = ['admin'] as const;

export function decide(input: IncidentCommand, state: IncidentState, deps: DecideDeps): IncidentEvent[] {
  const command = parseOrInvalid(incidentCommandSchema, input);
  switch (command.type) {
    case 'RaiseIncident':
      return raiseIncident(command, state, deps);
    case 'ReAlertIncident':
      return reAlertIncident(command, state, deps);
    case 'AcknowledgeIncident': {
      requireRole(command, RESPONDERS);
      const open = requireOpen(state, command);
      const secondsToAcknowledge = Math.max(0, Math.round((deps.now.getTime() - Date.parse(open.raisedAt)) / 1000));
      return possible(state, command, {
        type: 'IncidentAcknowledged',
        data: { ...idsOf(command), acknowledgedBy: command.actor.userId, acknowledgedAt: deps.now.toISOString(), secondsToAcknowledge },
      });
    }
    case 'ResolveIncident': {
      requireRole(command, RESPONDERS);
      requireOpen(state, command);
      const { outcome, note } = command.data;
      return possible(state, command, {
        type: 'IncidentResolved',
        data: { ...idsOf(command), outcome, note, resolvedBy: command.actor.userId, resolvedAt: deps.now.toISOString() },
      });
    }
    default:
      return assertNever(command);
  }
}

/**
 * Opens the ride's next incident, or, while one is open, adds the cause to it: a second press
 * never opens a second incident. A cause already recorded (the same press delivered again) is
 * nothing new. After a resolution the next cause opens a new incident.
 */
function raiseIncident(command: IncidentCommandOf<'RaiseIncident'>, state: IncidentState, deps: DecideDeps): IncidentEvent[] {
  requireRole(command, ['system']);
  const { rideId, cause } = command.data;
  const { context } = state;
  if (context.causeKeys.includes(causeKey(cause))) return [];
  const now = deps.now.toISOString();
  if (context.open !== null) {
    return possible(state, command, { type: 'IncidentAlertAdded', data: { incidentId: context.open.incidentId, rideId, cause, addedAt: now } });
  }
  const number = context.resolved.length + 1;
  return possible(state, command, {
    type: 'IncidentRaised',
    data: { incidentId: incidentIdFor(rideId, number), rideId, number, cause, raisedAt: now, reAlertDueAt: reAlertDueAfter(deps.now) },
  });
}

function reAlertIncident(command: IncidentCommandOf<'ReAlertIncident'>, state: IncidentState, deps: DecideDeps): IncidentEvent[] {
  requireRole(command, ['system']);
  const open = requireOpen(state, command);
  const event: IncidentEvent = {
    type: 'IncidentReAlerted',
    data: { ...idsOf(command), alertCount: open.alertCount + 1, reAlertedAt: deps.now.toISOString(), reAlertDueAt: reAlertDueAfter(deps.now) },
  };
  if (state.matches({ open: 'raised' }) && deps.now.getTime() < Date.parse(open.reAlertDueAt)) {
    throw notAllowedInState(command.type, `incident ${open.incidentId} is not due for a re-alert until ${open.reAlertDueAt}`);
  }
  return possible(state, command, event);
}

const reAlertDueAfter = (now: Date) => new Date(now.getTime() + INCIDENT_REALERT_AFTER_SECONDS * 1000).toISOString();

const idsOf = (command: IncidentCommandOf<'ReAlertIncident' | 'AcknowledgeIncident' | 'ResolveIncident'>) => ({
  incidentId: command.data.incidentId,
  rideId: command.data.rideId,
});

/** The incident the command names, if it is the open one; a resolved one is refused, an unknown one not found. */
function requireOpen(state: IncidentState, command: IncidentCommandOf<'ReAlertIncident' | 'AcknowledgeIncident' | 'ResolveIncident'>): OpenIncident {
  const { incidentId } = command.data;
  const { open, resolved } = state.context;
  if (open?.incidentId === incidentId) return open;
  const past = resolved.find((incident) => incident.incidentId === incidentId);
  if (past !== undefined) throw notAllowedInState(command.type, `incident ${incidentId} is resolved (${past.outcome})`);
  throw new DomainError('not_found', `incident ${incidentId} was not found`, { incidentId });
}

function possible(state: IncidentState, command: ParsedIncidentCommand, event: IncidentEvent): IncidentEvent[] {
  if (!state.can(event)) throw notAllowedInState(command.type, describeIncidentState(state));
  return [event];
}

function requireRole(command: ParsedIncidentCommand, allowed: readonly Actor['role'][]): void {
  const { userId, role } = command.actor;
  if (allowed.includes(role)) return;
  throw new DomainError('forbidden', `${command.type} is not allowed for ${role} ${userId}`, { command: command.type, userId, role });
}

export const incidentDecider: Decider<IncidentState, IncidentCommand, IncidentEvent> = {
  ...foldThrough(incidentMachine),
  decide,
};
