import { assertNever, parseOrInvalid } from '../shared/command.js';
import { DomainError, foldThrough, notAllowedInState, type DecideDeps, type Decider } from '../shared/index.js';
import { rideCheckCommandSchema, type ParsedRideCheckCommand, type RideCheckCommand, type RideCheckCommandOf } from './commands.js';
import { detectRideChecks, episodeOf } from './detection.js';
import type { RideCheckEvent } from './events.js';
import { RIDE_CHECK_ANSWER_SECONDS, rideChecksMachine, type RideCheck } from './machine.js';
import { rideCheckIdFor, type RideChecksState } from './status.js';

const { initialState, evolve } = foldThrough(rideChecksMachine);

/**
 * The events a ride-check command causes, or a DomainError: the command parses, the actor may
 * issue it, the check exists, the machine accepts the event, then the rules of time.
 */
export function decide(input: RideCheckCommand, state: RideChecksState, deps: DecideDeps): RideCheckEvent[] {
  const command = parseOrInvalid(rideCheckCommandSchema, input);
  switch (command.type) {
    case 'CheckTripProgress':
      return checkTripProgress(command, state, deps);
    case 'AnswerRideCheck':
      return answerRideCheck(command, state, deps);
    case 'MarkRideCheckUnanswered':
      return markUnanswered(command, state, deps);
    default:
      return assertNever(command);
  }
}

/**
 * Raises a check for each condition found that was not asked about before (one stop, one detour,
 * one overdue trip: one check each), while fewer than MAX_OPEN_RIDE_CHECKS await an answer. A
 * condition left out for want of room is found again on the next look if it still holds.
 * Nothing new to ask is no events, not a refusal: the watcher looks often.
 */
function checkTripProgress(command: RideCheckCommandOf<'CheckTripProgress'>, state: RideChecksState, deps: DecideDeps): RideCheckEvent[] {
  requireSystem(command);
  const { rideId, riderUserId, rideStatus, plan, positions } = command.data;
  if (rideStatus !== 'in_progress') throw notAllowedInState(command.type, `trip is not under way (ride ${rideStatus})`);
  const asked = new Set(state.context.checks.map((check) => episodeOf(check.finding)));
  const raisedAt = deps.now.toISOString();
  const answerDueBy = new Date(deps.now.getTime() + RIDE_CHECK_ANSWER_SECONDS * 1000).toISOString();
  const events: RideCheckEvent[] = [];
  let current = state;
  for (const finding of detectRideChecks(plan, positions, deps.now)) {
    if (asked.has(episodeOf(finding))) continue;
    const number = current.context.checks.length + 1;
    const event = raised({ rideId, checkId: rideCheckIdFor(rideId, number), number, riderUserId, finding, raisedAt, answerDueBy });
    if (!current.can(event)) break;
    events.push(event);
    current = evolve(current, event);
  }
  return events;
}

const raised = (data: Extract<RideCheckEvent, { type: 'RideCheckRaised' }>['data']): RideCheckEvent => ({ type: 'RideCheckRaised', data });

/** Only the rider answers: a driver who meant harm must not be able to say "all is well" for them. */
function answerRideCheck(command: RideCheckCommandOf<'AnswerRideCheck'>, state: RideChecksState, deps: DecideDeps): RideCheckEvent[] {
  const check = requireCheck(state, command);
  const { actor } = command;
  if (actor.role !== 'passenger' || actor.userId !== state.context.riderUserId) throw forbidden(command);
  const event: RideCheckEvent = {
    type: 'RideCheckAnswered',
    data: {
      ...aboutCheck(command.data.rideId, check),
      answer: command.data.answer,
      answeredByUserId: actor.userId,
      answeredAt: deps.now.toISOString(),
    },
  };
  requireAwaiting(state, command, check, event);
  return [event];
}

function markUnanswered(command: RideCheckCommandOf<'MarkRideCheckUnanswered'>, state: RideChecksState, deps: DecideDeps): RideCheckEvent[] {
  requireSystem(command);
  const check = requireCheck(state, command);
  const event: RideCheckEvent = {
    type: 'RideCheckWentUnanswered',
    data: { ...aboutCheck(command.data.rideId, check), answerDueBy: check.answerDueBy, markedAt: deps.now.toISOString() },
  };
  requireAwaiting(state, command, check, event);
  if (deps.now.getTime() < Date.parse(check.answerDueBy)) {
    throw notAllowedInState(command.type, `check ${check.checkId} awaits the rider's answer until ${check.answerDueBy}`);
  }
  return [event];
}

const aboutCheck = (rideId: string, { checkId, finding }: RideCheck) => ({ rideId, checkId, reason: finding.reason, location: finding.location });

function requireCheck(state: RideChecksState, command: RideCheckCommandOf<'AnswerRideCheck' | 'MarkRideCheckUnanswered'>): RideCheck {
  const check = state.context.checks.find((candidate) => candidate.checkId === command.data.checkId);
  if (check === undefined) {
    throw new DomainError('not_found', `ride check ${command.data.checkId} was not found`, { checkId: command.data.checkId });
  }
  return check;
}

function requireAwaiting(state: RideChecksState, command: ParsedRideCheckCommand, check: RideCheck, event: RideCheckEvent): void {
  if (state.can(event)) return;
  const settled = check.status === 'answered' ? `has been answered (${check.answer})` : 'has gone unanswered';
  throw notAllowedInState(command.type, `check ${check.checkId} ${settled}`);
}

/** Watching and timing are the platform's; no person raises a check or declares one unanswered. */
function requireSystem(command: ParsedRideCheckCommand): void {
  if (command.actor.role !== 'system') throw forbidden(command);
}

function forbidden(command: ParsedRideCheckCommand): DomainError {
  const { userId, role } = command.actor;
  return new DomainError('forbidden', `${command.type} is not allowed for ${role} ${userId} on this ride's checks`, {
    command: command.type,
    userId,
    role,
  });
}

export const rideChecksDecider: Decider<RideChecksState, RideCheckCommand, RideCheckEvent> = {
  initialState,
  evolve,
  decide,
};
