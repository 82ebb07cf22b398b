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
  /** What each party wrote beside their stars, null until they rate or when they wrote nothing. */
  ratingComments: { byRider: string | null; byDriver: string | null };
  finalFareNgwee: number | null;
  /** What the driver's app reported when the trip completed. */
  trip: { distanceKm: number | null; durationMinutes: number | null } | null;
  cancellation: {
    by: 'rider' | 'driver' | 'admin' | 'system';
    byUserId: string;
    reason: string;
    stage: CancellableStage;
  } | null;
  /** When each step happened, as its event says; null until it does. */
  timeline: RideTimeline;
}

export interface RideTimeline {
  acceptedAt: string | null;
  arrivedAt: string | null;
  startedAt: string | null;
  completedAt: string | null;
  cancelledAt: string | null;
  expiredAt: string | null;
  firstEmergencyAt: string | null;
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
  ratingComments: { byRider: null, byDriver: null },
  finalFareNgwee: null,
  trip: null,
  cancellation: null,
  timeline: {
    acceptedAt: null,
    arrivedAt: null,
    startedAt: null,
    completedAt: null,
    cancelledAt: null,
    expiredAt: null,
    firstEmergencyAt: null,
  },
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
    assignDriver: assign(({ context, event }) => {
      assertEvent(event, 'DriverAssigned');
      return {
        driver: { driverId: event.data.driverId, userId: event.data.driverUserId },
        agreedFareNgwee: event.data.agreedFareNgwee,
        timeline: { ...context.timeline, acceptedAt: event.data.assignedAt },
      };
    }),
    recordArrival: assign(({ context, event }) => {
      assertEvent(event, 'DriverArrived');
      return { timeline: { ...context.timeline, arrivedAt: event.data.arrivedAt } };
    }),
    recordTripStart: assign(({ context, event }) => {
      assertEvent(event, 'TripStarted');
      return { timeline: { ...context.timeline, startedAt: event.data.startedAt } };
    }),
    recordExpiry: assign(({ context, event }) => {
      assertEvent(event, 'RideExpired');
      return { timeline: { ...context.timeline, expiredAt: event.data.expiredAt } };
    }),
    issuePin: assign(({ event }) => {
      assertEvent(event, 'PinIssued');
      return { pin: event.data.pin, pinFailedAttempts: 0 };
    }),
    countFailedPinAttempt: assign(({ context }) => ({ pinFailedAttempts: context.pinFailedAttempts + 1 })),
    recordCompletion: assign(({ context, event }) => {
      assertEvent(event, 'TripCompleted');
      const { finalFareNgwee, distanceKm, durationMinutes, completedAt } = event.data;
      return { finalFareNgwee, trip: { distanceKm, durationMinutes }, timeline: { ...context.timeline, completedAt } };
    }),
    recordCancellation: assign(({ context, event }) => {
      assertEvent(event, 'RideCancelled');
      const { by, byUserId, reason, stage, cancelledAt } = event.data;
      return { cancellation: { by, byUserId, reason, stage }, timeline: { ...context.timeline, cancelledAt } };
    }),
    recordEmergency: assign(({ context, event }) => {
      assertEvent(event, 'EmergencyRaised');
      return {
        emergencies: context.emergencies + 1,
        timeline: { ...context.timeline, firstEmergencyAt: context.timeline.firstEmergencyAt ?? event.data.raisedAt },
      };
    }),
    recordRating: assign(({ context, event }) => {
      assertEvent(event, 'RideRated');
      const { by, stars, comment } = event.data;
      return by === 'rider'
        ? { ratings: { ...context.ratings, byRider: stars }, ratingComments: { ...context.ratingComments, byRider: comment } }
        : { ratings: { ...context.ratings, byDriver: stars }, ratingComments: { ...context.ratingComments, byDriver: comment } };
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
        RideExpired: { target: 'expired', actions: 'recordExpiry' },
        EmergencyRaised: { actions: 'recordEmergency' },
      },
    },
    /** A driver is assigned and on the way. */
    accepted: {
      on: {
        PinIssued: { actions: 'issuePin' },
        DriverArrived: { target: 'arrived', actions: 'recordArrival' },
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
            TripStarted: { target: '#ride.in_progress', actions: 'recordTripStart' },
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
