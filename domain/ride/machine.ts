import { and, assertEvent, assign, setup } from 'xstate';
import type { Booking, RideEvent } from './events.js';
import type { CancellableStage } from './values.js';

/** Wrong PINs a driver may enter before the start locks until the rider reissues the PIN. */
export const MAX_PIN_ATTEMPTS = 5;

/** What decisions about a ride need to know, built only from its events. */
export interface RideContext {
  booking: Booking | null;
  /** The rider's current offer on a bidding ride (opening proposal, then counter-offers). */
  offeredFareNgwee: number | null;
  /** When the search for a driver began: on request, or on dispatch of a scheduled ride. */
  searchStartedAt: string | null;
  acceptedBid: { bidId: string; driverId: string } | null;
  driver: { driverId: string; userId: string } | null;
  agreedFareNgwee: number | null;
  pin: string | null;
  pinFailedAttempts: number;
  emergencies: number;
  /** Stars each party gave, null until they rate. */
  ratings: { byRider: number | null; byDriver: number | null };
  finalFareNgwee: number | null;
  cancellation: { by: 'rider' | 'driver' | 'admin' | 'system'; reason: string; stage: CancellableStage } | null;
}

const initialContext: RideContext = {
  booking: null,
  offeredFareNgwee: null,
  searchStartedAt: null,
  acceptedBid: null,
  driver: null,
  agreedFareNgwee: null,
  pin: null,
  pinFailedAttempts: 0,
  emergencies: 0,
  ratings: { byRider: null, byDriver: null },
  finalFareNgwee: null,
  cancellation: null,
};

/**
 * The ride lifecycle. It moves on the stored domain events themselves, so the server (deciding)
 * and the browser (tracking, bidding, audit replay) fold the same events to the same snapshot.
 */
export const rideMachine = setup({
  types: {
    context: {} as RideContext,
    events: {} as RideEvent,
  },
  guards: {
    isBidding: ({ context }) => context.booking?.pricingMethod === 'bidding',
    noBidAcceptedYet: ({ context }) => context.acceptedBid === null,
    /** A fixed-price ride takes whoever accepts first; a bidding ride only the accepted bidder. */
    assignmentMatchesPricing: ({ context, event }) => {
      assertEvent(event, 'DriverAssigned');
      if (context.booking?.pricingMethod === 'fixed') return true;
      return context.acceptedBid?.driverId === event.data.driverId;
    },
    exhaustsPinAttempts: ({ context }) => context.pinFailedAttempts + 1 >= MAX_PIN_ATTEMPTS,
    /** Once the trip is under way only an admin may void it; everyone else ends it by completing. */
    isCancelledByAdmin: ({ event }) => {
      assertEvent(event, 'RideCancelled');
      return event.data.by === 'admin';
    },
    notYetRatedByThatParty: ({ context, event }) => {
      assertEvent(event, 'RideRated');
      return (event.data.by === 'rider' ? context.ratings.byRider : context.ratings.byDriver) === null;
    },
  },
  actions: {
    recordBooking: assign(({ event }) => {
      assertEvent(event, ['RideRequested', 'RideScheduled']);
      return {
        booking: event.data,
        offeredFareNgwee: event.data.proposedFareNgwee,
        searchStartedAt: event.type === 'RideRequested' ? event.data.requestedAt : null,
      };
    }),
    startSearch: assign(({ event }) => {
      assertEvent(event, 'ScheduledRideDispatched');
      return { searchStartedAt: event.data.dispatchedAt };
    }),
    recordCounterOffer: assign(({ event }) => {
      assertEvent(event, 'FareCounterOffered');
      return { offeredFareNgwee: event.data.offeredFareNgwee };
    }),
    recordAcceptedBid: assign(({ event }) => {
      assertEvent(event, 'BidAccepted');
      return { acceptedBid: { bidId: event.data.bidId, driverId: event.data.driverId } };
    }),
    assignDriver: assign(({ event }) => {
      assertEvent(event, 'DriverAssigned');
      return {
        driver: { driverId: event.data.driverId, userId: event.data.driverUserId },
        agreedFareNgwee: event.data.agreedFareNgwee,
      };
    }),
    issuePin: assign(({ event }) => {
      assertEvent(event, 'PinIssued');
      return { pin: event.data.pin, pinFailedAttempts: 0 };
    }),
    countFailedPinAttempt: assign(({ context }) => ({ pinFailedAttempts: context.pinFailedAttempts + 1 })),
    recordCompletion: assign(({ event }) => {
      assertEvent(event, 'TripCompleted');
      return { finalFareNgwee: event.data.finalFareNgwee };
    }),
    recordCancellation: assign(({ event }) => {
      assertEvent(event, 'RideCancelled');
      const { by, reason, stage } = event.data;
      return { cancellation: { by, reason, stage } };
    }),
    recordEmergency: assign(({ context }) => ({ emergencies: context.emergencies + 1 })),
    recordRating: assign(({ context, event }) => {
      assertEvent(event, 'RideRated');
      const { by, stars } = event.data;
      return { ratings: by === 'rider' ? { ...context.ratings, byRider: stars } : { ...context.ratings, byDriver: stars } };
    }),
  },
}).createMachine({
  id: 'ride',
  context: initialContext,
  initial: 'idle',
  states: {
    /** No event yet: the stream does not exist. */
    idle: {
      on: {
        RideRequested: { target: 'requested', actions: 'recordBooking' },
        RideScheduled: { target: 'scheduled', actions: 'recordBooking' },
      },
    },
    scheduled: {
      on: {
        ScheduledRideDispatched: { target: 'requested', actions: 'startSearch' },
        RideCancelled: { target: 'cancelled', actions: 'recordCancellation' },
      },
    },
    /** Searching for a driver; on the wire `pending`. Bidding rides collect bids here. */
    requested: {
      on: {
        FareCounterOffered: { guard: and(['isBidding', 'noBidAcceptedYet']), actions: 'recordCounterOffer' },
        BidAccepted: { guard: and(['isBidding', 'noBidAcceptedYet']), actions: 'recordAcceptedBid' },
        DriverAssigned: { guard: 'assignmentMatchesPricing', target: 'accepted', actions: 'assignDriver' },
        RideCancelled: { target: 'cancelled', actions: 'recordCancellation' },
        RideExpired: { target: 'expired' },
        EmergencyRaised: { actions: 'recordEmergency' },
      },
    },
    /** A driver is assigned and on the way. */
    accepted: {
      on: {
        PinIssued: { actions: 'issuePin' },
        DriverArrived: { target: 'arrived' },
        RideCancelled: { target: 'cancelled', actions: 'recordCancellation' },
        EmergencyRaised: { actions: 'recordEmergency' },
      },
    },
    /** The driver waits at pickup for the rider's PIN. */
    arrived: {
      initial: 'awaitingPin',
      on: {
        PinIssued: { target: '.awaitingPin', actions: 'issuePin' },
        RideCancelled: { target: 'cancelled', actions: 'recordCancellation' },
        EmergencyRaised: { actions: 'recordEmergency' },
      },
      states: {
        awaitingPin: {
          on: {
            PinAttemptFailed: [
              { guard: 'exhaustsPinAttempts', target: 'pinLocked', actions: 'countFailedPinAttempt' },
              { actions: 'countFailedPinAttempt' },
            ],
            TripStarted: { target: '#ride.in_progress' },
          },
        },
        /** Too many wrong PINs: nothing starts the trip until the rider reissues the PIN. */
        pinLocked: {},
      },
    },
    in_progress: {
      on: {
        TripCompleted: { target: 'completed', actions: 'recordCompletion' },
        RideCancelled: { guard: 'isCancelledByAdmin', target: 'cancelled', actions: 'recordCancellation' },
        EmergencyRaised: { actions: 'recordEmergency' },
      },
    },
    /** Over; each party may still rate the other once. */
    completed: {
      on: {
        RideRated: { guard: 'notYetRatedByThatParty', actions: 'recordRating' },
      },
    },
    cancelled: { type: 'final' },
    expired: { type: 'final' },
  },
});
