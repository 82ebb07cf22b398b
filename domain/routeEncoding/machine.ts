import { assertEvent, assign, setup } from 'xstate';
import type { RouteEncodingEvent } from './events.js';
import type { Route } from './route.js';

/** Spec §9: an encoding needs 4 verifications. */
export const ACCURATE_VOTES_TO_VERIFY = 4;
export const NEEDS_FIX_VOTES_TO_FLAG = 2;

export interface RouteVote {
  contributorId: string;
  isAccurate: boolean;
}

export interface RouteEncodingContext {
  encodingId: string | null;
  authorId: string | null;
  route: Route | null;
  /** 1 for the submission, +1 per revision. */
  revision: number;
  /** The votes on the current revision only. */
  votes: RouteVote[];
}

const countVotes = (votes: readonly RouteVote[], isAccurate: boolean) =>
  votes.filter((vote) => vote.isAccurate === isAccurate).length;

/**
 * unsubmitted → pending; pending → verified (4 accurate votes) | needs_fix (2 needs-fix votes);
 * the author's revision takes pending or needs_fix back to pending with no votes. Verified is final.
 */
export const routeEncodingMachine = setup({
  types: {
    context: {} as RouteEncodingContext,
    events: {} as RouteEncodingEvent,
  },
  guards: {
    isAnEligibleVote: ({ context, event }) => {
      assertEvent(event, 'RouteVerificationRecorded');
      const { contributorId, revision } = event.data;
      return (
        revision === context.revision &&
        contributorId !== context.authorId &&
        !context.votes.some((vote) => vote.contributorId === contributorId)
      );
    },
    hasEnoughAccurateVotes: ({ context, event }) => {
      assertEvent(event, 'RouteEncodingVerified');
      return event.data.revision === context.revision && countVotes(context.votes, true) >= ACCURATE_VOTES_TO_VERIFY;
    },
    hasEnoughNeedsFixVotes: ({ context, event }) => {
      assertEvent(event, 'RouteEncodingMarkedForFix');
      return event.data.revision === context.revision && countVotes(context.votes, false) >= NEEDS_FIX_VOTES_TO_FLAG;
    },
    isTheNextRevision: ({ context, event }) => {
      assertEvent(event, 'RouteEncodingRevised');
      return event.data.revision === context.revision + 1;
    },
  },
  actions: {
    recordSubmission: assign(({ event }) => {
      assertEvent(event, 'RouteEncodingSubmitted');
      const { encodingId, authorId, startAddress, endAddress, streetNames, coordinates, region } = event.data;
      return { encodingId, authorId, route: { startAddress, endAddress, streetNames, coordinates, region }, revision: 1, votes: [] };
    }),
    recordRevision: assign(({ context, event }) => {
      assertEvent(event, 'RouteEncodingRevised');
      const { startAddress, endAddress, streetNames, coordinates, revision } = event.data;
      return { route: { startAddress, endAddress, streetNames, coordinates, region: context.route!.region }, revision, votes: [] };
    }),
    recordVote: assign(({ context, event }) => {
      assertEvent(event, 'RouteVerificationRecorded');
      const { contributorId, isAccurate } = event.data;
      return { votes: [...context.votes, { contributorId, isAccurate }] };
    }),
  },
}).createMachine({
  id: 'routeEncoding',
  context: { encodingId: null, authorId: null, route: null, revision: 0, votes: [] },
  initial: 'unsubmitted',
  states: {
    unsubmitted: {
      on: { RouteEncodingSubmitted: { target: 'pending', actions: 'recordSubmission' } },
    },
    pending: {
      on: {
        RouteVerificationRecorded: { guard: 'isAnEligibleVote', actions: 'recordVote' },
        RouteEncodingVerified: { guard: 'hasEnoughAccurateVotes', target: 'verified' },
        RouteEncodingMarkedForFix: { guard: 'hasEnoughNeedsFixVotes', target: 'needs_fix' },
        RouteEncodingRevised: { guard: 'isTheNextRevision', target: 'pending', actions: 'recordRevision' },
      },
    },
    needs_fix: {
      on: { RouteEncodingRevised: { guard: 'isTheNextRevision', target: 'pending', actions: 'recordRevision' } },
    },
    verified: {},
  },
});

export const routeEncodingStatuses = ['unsubmitted', 'pending', 'verified', 'needs_fix'] as const;
export type RouteEncodingStatus = (typeof routeEncodingStatuses)[number];

export const accurateVotes = (context: RouteEncodingContext) => countVotes(context.votes, true);
export const needsFixVotes = (context: RouteEncodingContext) => countVotes(context.votes, false);
