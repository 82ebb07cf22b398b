import type { SnapshotFrom } from 'xstate';
import { foldThrough, type DecideDeps, type Decider } from '../shared/decider.js';
import { DomainError, notAllowedInState } from '../shared/errors.js';
import { assertNever, parseOrInvalid, requireRole, type Role } from '../shared/command.js';
import { routeEncodingCommandSchema, type RouteEncodingCommand } from './commands.js';
import type { RouteEncodingEvent } from './events.js';
import { routeEncodingMachine, type RouteEncodingStatus } from './machine.js';
import { normaliseRoute } from './route.js';

export type RouteEncodingState = SnapshotFrom<typeof routeEncodingMachine>;

export const routeEncodingStatus = (state: RouteEncodingState) => state.value as RouteEncodingStatus;

/**
 * Contributors are the people who travel the Copperbelt's streets — drivers and riders alike —
 * and staff who curate the map. Nobody verifies their own encoding (below), and four distinct
 * others must find it accurate.
 */
export const CONTRIBUTORS: readonly Role[] = ['passenger', 'driver', 'staff', 'admin'];

const { initialState, evolve } = foldThrough(routeEncodingMachine);

export function decide(command: RouteEncodingCommand, state: RouteEncodingState, deps: DecideDeps): RouteEncodingEvent[] {
  const parsed = parseOrInvalid(routeEncodingCommandSchema, command);
  requireRole(parsed.actor, CONTRIBUTORS, parsed.type);
  const at = deps.now.toISOString();
  const { encodingId } = parsed.data;
  switch (parsed.type) {
    case 'SubmitRouteEncoding': {
      if (routeEncodingStatus(state) !== 'unsubmitted') throw notAllowedInState(parsed.type, describe(state));
      const route = normaliseRoute(parsed.data);
      return [{ type: 'RouteEncodingSubmitted', data: { encodingId, authorId: parsed.actor.userId, ...route, submittedAt: at } }];
    }
    case 'ReviseRouteEncoding': {
      requireSubmitted(encodingId, state);
      if (parsed.actor.userId !== state.context.authorId) {
        throw new DomainError('forbidden', 'Only the author may revise a route encoding', { encodingId });
      }
      const { startAddress, endAddress, streetNames, coordinates } = normaliseRoute(parsed.data);
      const revised: RouteEncodingEvent = {
        type: 'RouteEncodingRevised',
        data: { encodingId, revision: state.context.revision + 1, startAddress, endAddress, streetNames, coordinates, revisedAt: at },
      };
      if (!state.can(revised)) throw notAllowedInState(parsed.type, describe(state));
      return [revised];
    }
    case 'VerifyRouteEncoding': {
      requireSubmitted(encodingId, state);
      if (routeEncodingStatus(state) !== 'pending') throw notAllowedInState(parsed.type, describe(state));
      const { userId } = parsed.actor;
      const { context } = state;
      if (userId === context.authorId) {
        throw new DomainError('own_encoding', 'You cannot verify your own route encoding', { encodingId });
      }
      if (parsed.data.revision !== undefined && parsed.data.revision !== context.revision) {
        throw new DomainError('conflict', `The route was revised since: it is at revision ${context.revision}`, {
          encodingId,
          revision: context.revision,
        });
      }
      if (context.votes.some((vote) => vote.contributorId === userId)) {
        throw new DomainError('already_voted', 'You have already verified this revision of the route', { encodingId });
      }
      const vote: RouteEncodingEvent = {
        type: 'RouteVerificationRecorded',
        data: { encodingId, contributorId: userId, revision: context.revision, isAccurate: parsed.data.isAccurate, recordedAt: at },
      };
      return [vote, ...outcomeOf(evolve(state, vote), encodingId, at)];
    }
    default:
      return assertNever(parsed);
  }
}

/** The vote that reaches a threshold settles the encoding in the same append. */
function outcomeOf(afterVote: RouteEncodingState, encodingId: string, at: string): RouteEncodingEvent[] {
  const { revision } = afterVote.context;
  const verified: RouteEncodingEvent = { type: 'RouteEncodingVerified', data: { encodingId, revision, verifiedAt: at } };
  const markedForFix: RouteEncodingEvent = { type: 'RouteEncodingMarkedForFix', data: { encodingId, revision, markedAt: at } };
  return [verified, markedForFix].filter((outcome) => afterVote.can(outcome));
}

function requireSubmitted(encodingId: string, state: RouteEncodingState): void {
  if (routeEncodingStatus(state) === 'unsubmitted') {
    throw new DomainError('not_found', `No route encoding ${encodingId}`, { encodingId });
  }
}

function describe(state: RouteEncodingState): string {
  return `route encoding is ${routeEncodingStatus(state).replace('_', ' ')}`;
}

export const routeEncodingDecider: Decider<RouteEncodingState, RouteEncodingCommand, RouteEncodingEvent> = {
  initialState,
  evolve,
  decide,
};
