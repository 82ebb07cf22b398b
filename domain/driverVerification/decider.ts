import type { SnapshotFrom } from 'xstate';
import { foldThrough, type DecideDeps, type Decider } from '../shared/decider.js';
import { DomainError, notAllowedInState } from '../shared/errors.js';
import { assertNever, parseOrInvalid, requireRole, type Actor } from '../shared/command.js';
import { driverVerificationCommandSchema, type DriverVerificationCommand } from './commands.js';
import { describeDocumentProblem, documentProblems, MAX_DOCUMENT_FILES } from './documents.js';
import type { DriverVerificationEvent } from './events.js';
import { driverVerificationMachine, type DriverVerificationStatus } from './machine.js';

export type DriverVerificationState = SnapshotFrom<typeof driverVerificationMachine>;

export const driverVerificationStatus = (state: DriverVerificationState) => state.value as DriverVerificationStatus;

/**
 * Only an admin approves, rejects, suspends or reinstates: the spec gives verification to the
 * admin alone, and staff (support agents) have no say over who may drive.
 */
const REVIEWERS = ['admin'] as const;

export function decide(command: DriverVerificationCommand, state: DriverVerificationState, deps: DecideDeps): DriverVerificationEvent[] {
  const parsed = parseOrInvalid(driverVerificationCommandSchema, command);
  const at = deps.now.toISOString();
  switch (parsed.type) {
    case 'SubmitDriverApplication': {
      requireRole(parsed.actor, ['driver'], parsed.type);
      requireApplicant(parsed.actor, state);
      const { driverId, licenceNumber, vehicle, documents } = parsed.data;
      const event: DriverVerificationEvent = {
        type: 'DriverApplicationSubmitted',
        data: { driverId, userId: parsed.actor.userId, licenceNumber, vehicle, documents, submittedAt: at },
      };
      requirePossible(parsed.type, state, event);
      requireValidApplication(event.data, deps.now);
      return [event];
    }
    case 'ApproveDriver':
      requireRole(parsed.actor, REVIEWERS, parsed.type);
      return possible(parsed.type, state, {
        type: 'DriverApproved',
        data: { driverId: parsed.data.driverId, approvedBy: parsed.actor.userId, approvedAt: at },
      });
    case 'RejectDriver':
      requireRole(parsed.actor, REVIEWERS, parsed.type);
      return possible(parsed.type, state, {
        type: 'DriverRejected',
        data: { driverId: parsed.data.driverId, rejectedBy: parsed.actor.userId, reason: parsed.data.reason, rejectedAt: at },
      });
    case 'SuspendDriver':
      requireRole(parsed.actor, REVIEWERS, parsed.type);
      return possible(parsed.type, state, {
        type: 'DriverSuspended',
        data: { driverId: parsed.data.driverId, suspendedBy: parsed.actor.userId, reason: parsed.data.reason, suspendedAt: at },
      });
    case 'ReinstateDriver':
      requireRole(parsed.actor, REVIEWERS, parsed.type);
      return possible(parsed.type, state, {
        type: 'DriverReinstated',
        data: { driverId: parsed.data.driverId, reinstatedBy: parsed.actor.userId, reinstatedAt: at },
      });
    case 'AttachDriverDocumentFile': {
      requireRole(parsed.actor, ['driver'], parsed.type);
      requireApplicant(parsed.actor, state);
      if (state.context.files.length >= MAX_DOCUMENT_FILES) {
        throw new DomainError('invalid', `file: at most ${MAX_DOCUMENT_FILES} files may be uploaded`, { field: 'file' });
      }
      const { driverId, ...file } = parsed.data;
      return possible(parsed.type, state, {
        type: 'DriverDocumentFileAttached',
        data: { driverId, userId: parsed.actor.userId, ...file, attachedAt: at },
      });
    }
    default:
      return assertNever(parsed);
  }
}

function requireApplicant(actor: Actor, state: DriverVerificationState): void {
  const owner = state.context.userId;
  if (owner !== null && owner !== actor.userId) {
    throw new DomainError('forbidden', 'This driver application belongs to another user', { owner });
  }
}

function requirePossible(command: string, state: DriverVerificationState, event: DriverVerificationEvent): void {
  if (!state.can(event)) throw notAllowedInState(command, describe(state));
}

function possible(command: string, state: DriverVerificationState, event: DriverVerificationEvent): DriverVerificationEvent[] {
  requirePossible(command, state, event);
  return [event];
}

function requireValidApplication(application: { vehicle: { year: number }; documents: Parameters<typeof documentProblems>[0] }, now: Date): void {
  const problems = documentProblems(application.documents, now);
  if (problems.length > 0) {
    throw new DomainError('invalid', `documents: ${problems.map(describeDocumentProblem).join('; ')}`, { problems });
  }
  const latestModelYear = now.getUTCFullYear() + 1;
  if (application.vehicle.year > latestModelYear) {
    throw new DomainError('invalid', `vehicle.year: ${application.vehicle.year} is later than ${latestModelYear}`, {
      field: 'vehicle.year',
    });
  }
}

function describe(state: DriverVerificationState): string {
  const status = driverVerificationStatus(state);
  return status === 'notApplied' ? 'driver has not applied' : `driver's verification is ${status}`;
}

export const driverVerificationDecider: Decider<DriverVerificationState, DriverVerificationCommand, DriverVerificationEvent> = {
  ...foldThrough(driverVerificationMachine),
  decide,
};
