import { DomainError, notAllowedInState, type DecideDeps } from '../shared/index.js';
import type { RideCommandOf } from './commands.js';
import type { Booking, RideEvent } from './events.js';
import { pinIssued } from './pin.js';
import {
  forbidden,
  invalid,
  requireFitDriver,
  requireParty,
  requirePossible,
  requirePricing,
  requireRide,
  requireWithinBounds,
  withinBoundsRefusal,
} from './rules.js';
import { describeRideState, type RideState } from './status.js';
import { bookingBreaches, type BookingBreach } from './booking.js';

/** Booking, bidding and driver assignment: everything up to a driver being on the way. */

export function requestRide(command: RideCommandOf<'RequestRide'>, state: RideState, deps: DecideDeps): RideEvent[] {
  const { data, actor } = command;
  if (actor.role !== 'passenger' || actor.userId !== data.riderId) throw forbidden(command);

  const booking: Booking = { ...data, requestedAt: deps.now.toISOString() };
  const event: RideEvent =
    data.scheduledFor === null
      ? { type: 'RideRequested', data: booking }
      : { type: 'RideScheduled', data: { ...booking, scheduledFor: data.scheduledFor } };
  requirePossible(state, command, event);

  const [breach] = bookingBreaches(
    {
      pricingMethod: data.pricingMethod,
      proposedFareNgwee: data.proposedFareNgwee,
      bounds: data.quote,
      passengerCount: data.passengerCount,
      packageSize: data.packageSize,
      scheduledFor: data.scheduledFor,
      stopCount: data.stops.length,
    },
    deps.now,
  );
  if (breach) throw bookingRefused(breach, data.proposedFareNgwee ?? 0);
  return [event];
}

/** The refusal for the first rule a booking breaks (the web's form words the same breaches for the rider). */
function bookingRefused(breach: BookingBreach, proposalNgwee: number): DomainError {
  switch (breach.rule) {
    case 'proposal_required':
      return invalid('proposedFareNgwee', 'a bidding ride needs a proposed fare');
    case 'proposal_on_fixed_price':
      return invalid('proposedFareNgwee', 'only a bidding ride takes a proposed fare; a fixed price is the quote');
    case 'proposal_below_floor':
    case 'proposal_above_ceiling':
      return withinBoundsRefusal('proposedFareNgwee', proposalNgwee, breach);
    case 'passengers_or_package':
      return invalid('passengerCount', 'give passengerCount for a ride or packageSize for a courier delivery, exactly one');
    case 'schedule_in_past':
      return invalid('scheduledFor', 'a scheduled ride must lie in the future');
    case 'too_many_stops':
      return invalid('stops', `at most ${breach.maxStops} stops`);
  }
}

/** The scheduler's timer fires (at the lead time it chose before `scheduledFor`); the search starts. */
export function dispatchScheduledRide(
  command: RideCommandOf<'DispatchScheduledRide'>,
  state: RideState,
  deps: DecideDeps,
): RideEvent[] {
  const ride = requireRide(state, command);
  requireParty(command, ride, ['system']);
  const event: RideEvent = {
    type: 'ScheduledRideDispatched',
    data: { rideId: ride.booking.rideId, dispatchedAt: deps.now.toISOString() },
  };
  requirePossible(state, command, event);
  return [event];
}

export function counterOffer(command: RideCommandOf<'CounterOffer'>, state: RideState, deps: DecideDeps): RideEvent[] {
  const ride = requireRide(state, command);
  requireParty(command, ride, ['rider']);
  requirePricing(command, ride, 'bidding');
  const { offeredFareNgwee } = command.data;
  const event: RideEvent = {
    type: 'FareCounterOffered',
    data: {
      rideId: ride.booking.rideId,
      offeredFareNgwee,
      previousFareNgwee: ride.offeredFareNgwee ?? ride.booking.quote.totalNgwee,
      offeredAt: deps.now.toISOString(),
    },
  };
  requirePossible(state, command, event);
  requireWithinBounds('offeredFareNgwee', offeredFareNgwee, ride.booking.quote);
  return [event];
}

/** A driver takes a fixed-price ride at the locked quote. */
export function acceptRide(command: RideCommandOf<'AcceptRide'>, state: RideState, deps: DecideDeps): RideEvent[] {
  const ride = requireRide(state, command);
  const { driver } = command.data;
  if (command.actor.role !== 'driver' || command.actor.userId !== driver.userId) throw forbidden(command);
  if (driver.userId === ride.booking.riderId) throw ownRide(ride.booking.rideId);
  requirePricing(command, ride, 'fixed');
  const { rideId, quote, vehicleType } = ride.booking;
  const assigned: RideEvent = {
    type: 'DriverAssigned',
    data: {
      rideId,
      driverId: driver.driverId,
      driverUserId: driver.userId,
      agreedFareNgwee: quote.totalNgwee,
      assignedAt: deps.now.toISOString(),
    },
  };
  requirePossible(state, command, assigned);
  requireFitDriver(driver, vehicleType);
  return [assigned, pinIssued(rideId, 'driver_assigned', deps)];
}

/** The rider picks a live bid: the ride is settled here; a reactor then settles the bid streams. */
export function acceptBid(command: RideCommandOf<'AcceptBid'>, state: RideState, deps: DecideDeps): RideEvent[] {
  const ride = requireRide(state, command);
  requireParty(command, ride, ['rider']);
  requirePricing(command, ride, 'bidding');
  const { bid, driver } = command.data;
  const { rideId, vehicleType } = ride.booking;
  const now = deps.now.toISOString();
  const accepted: RideEvent = {
    type: 'BidAccepted',
    data: { rideId, bidId: bid.bidId, driverId: bid.driverId, agreedFareNgwee: bid.amountNgwee, acceptedAt: now },
  };
  requirePossible(state, command, accepted);

  if (bid.rideId !== rideId) {
    throw new DomainError('not_found', `bid ${bid.bidId} is not a bid on ride ${rideId}`, { bidId: bid.bidId });
  }
  if (bid.status === 'expired' || Date.parse(bid.expiresAt) <= deps.now.getTime()) {
    throw new DomainError('bid_expired', `bid ${bid.bidId} expired at ${bid.expiresAt}`, { expiresAt: bid.expiresAt });
  }
  if (bid.status !== 'placed') throw notAllowedInState(command.type, `bid is ${bid.status}`);
  if (driver.driverId !== bid.driverId) throw invalid('driver', `the facts are about driver ${driver.driverId}, the bid is by ${bid.driverId}`);
  requireFitDriver(driver, vehicleType);

  return [
    accepted,
    {
      type: 'DriverAssigned',
      data: { rideId, driverId: driver.driverId, driverUserId: driver.userId, agreedFareNgwee: bid.amountNgwee, assignedAt: now },
    },
    pinIssued(rideId, 'driver_assigned', deps),
  ];
}

export function declineAllBids(command: RideCommandOf<'DeclineAllBids'>, state: RideState, deps: DecideDeps): RideEvent[] {
  const ride = requireRide(state, command);
  requireParty(command, ride, ['rider']);
  requirePricing(command, ride, 'bidding');
  if (!state.matches('requested')) throw notAllowedInState(command.type, describeRideState(state));
  const event: RideEvent = {
    type: 'RideCancelled',
    data: {
      rideId: ride.booking.rideId,
      by: 'rider',
      byUserId: command.actor.userId,
      reasonCode: 'declined_all_bids',
      reason: 'declined_all_bids',
      stage: 'pending',
      cancelledAt: deps.now.toISOString(),
    },
  };
  requirePossible(state, command, event);
  return [event];
}

/** No driver within the search window (a durable timer issues this at the deadline). */
export function expireRide(command: RideCommandOf<'ExpireRide'>, state: RideState, deps: DecideDeps): RideEvent[] {
  const ride = requireRide(state, command);
  requireParty(command, ride, ['system']);
  const searchStartedAt = ride.searchStartedAt ?? ride.booking.requestedAt;
  const event: RideEvent = {
    type: 'RideExpired',
    data: { rideId: ride.booking.rideId, searchStartedAt, expiredAt: deps.now.toISOString() },
  };
  requirePossible(state, command, event);
  const deadline = Date.parse(searchStartedAt) + command.data.searchWindowSeconds * 1000;
  if (deps.now.getTime() < deadline) {
    throw notAllowedInState(command.type, `search is open until ${new Date(deadline).toISOString()}`);
  }
  return [event];
}

/** One account, two roles: its driving side never takes the ride its riding side booked. */
export const ownRide = (rideId: string) =>
  new DomainError('own_ride', `ride ${rideId} is your own booking: a driver cannot take a ride they booked`, { rideId });
