import { assertEvent, assign, setup } from 'xstate';
import type { BidEvent, BidEventOf } from './events.js';

/** The bid as its events tell it; `round` counts placements, since a bidder may bid again. */
export interface BidContext {
  bid: BidEventOf<'BidPlaced'>['data'] | null;
  round: number;
  rejectionReason: BidEventOf<'BidMarkedRejected'>['data']['reason'] | null;
}

/**
 * A driver's bid on a ride (stream `bid-<rideId>_<driverId>`). Withdrawn or expired, the bidder
 * may bid again in the same stream; accepted or rejected, it is over. Settlement may overtake a
 * withdrawal or an expiry: the rider's acceptance on the ride stream is the decision, so the
 * bid records it whatever state it reached in the meantime.
 */
export const bidMachine = setup({
  types: {
    context: {} as BidContext,
    events: {} as BidEvent,
  },
  guards: {
    /** A stream belongs to one driver on one ride; a re-bid must be theirs. */
    isSameBidder: ({ context, event }) => {
      assertEvent(event, 'BidPlaced');
      return context.bid?.rideId === event.data.rideId && context.bid.driverId === event.data.driverId;
    },
  },
  actions: {
    recordPlacement: assign(({ context, event }) => {
      assertEvent(event, 'BidPlaced');
      return { bid: event.data, round: context.round + 1 };
    }),
    recordRejection: assign(({ event }) => {
      assertEvent(event, 'BidMarkedRejected');
      return { rejectionReason: event.data.reason };
    }),
  },
}).createMachine({
  id: 'bid',
  context: { bid: null, round: 0, rejectionReason: null },
  initial: 'idle',
  states: {
    idle: {
      on: { BidPlaced: { target: 'placed', actions: 'recordPlacement' } },
    },
    placed: {
      on: {
        BidWithdrawn: { target: 'withdrawn' },
        BidExpired: { target: 'expired' },
        BidMarkedAccepted: { target: 'accepted' },
        BidMarkedRejected: { target: 'rejected', actions: 'recordRejection' },
      },
    },
    withdrawn: {
      on: {
        BidPlaced: { guard: 'isSameBidder', target: 'placed', actions: 'recordPlacement' },
        BidMarkedAccepted: { target: 'accepted' },
        BidMarkedRejected: { target: 'rejected', actions: 'recordRejection' },
      },
    },
    expired: {
      on: {
        BidPlaced: { guard: 'isSameBidder', target: 'placed', actions: 'recordPlacement' },
        BidMarkedAccepted: { target: 'accepted' },
        BidMarkedRejected: { target: 'rejected', actions: 'recordRejection' },
      },
    },
    accepted: { type: 'final' },
    rejected: { type: 'final' },
  },
});
