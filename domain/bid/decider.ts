import { assertNever, parseOrInvalid } from '../shared/command.js';
import { DomainError, foldThrough, notAllowedInState, type DecideDeps, type Decider } from '../shared/index.js';
import { requireFitDriver, requireWithinBounds } from '../ride/index.js';
import { bidCommandSchema, type BidCommand, type BidCommandOf, type ParsedBidCommand } from './commands.js';
import type { BidEvent, BidEventOf } from './events.js';
import { bidMachine } from './machine.js';
import { bidIdFor, describeBidState, type BidState } from './status.js';

/**
 * The events a bid command causes, or a DomainError, checked in the ride's order: the command
 * parses, the bid exists, the actor may act on it, its state accepts the event, business rules.
 */
export function decide(input: BidCommand, state: BidState, deps: DecideDeps): BidEvent[] {
  const command = parseOrInvalid(bidCommandSchema, input);
  switch (command.type) {
    case 'PlaceBid':
      return placeBid(command, state, deps);
    case 'WithdrawBid': {
      const bid = requireBid(state, command);
      if (command.actor.role !== 'driver' || command.actor.userId !== bid.driverUserId) throw forbidden(command);
      return possible(command, state, { type: 'BidWithdrawn', data: { ...idsOf(bid), withdrawnAt: deps.now.toISOString() } });
    }
    case 'MarkBidAccepted': {
      const bid = requireBid(state, command);
      requireSystem(command);
      return possible(command, state, { type: 'BidMarkedAccepted', data: { ...idsOf(bid), acceptedAt: deps.now.toISOString() } });
    }
    case 'MarkBidRejected': {
      const bid = requireBid(state, command);
      requireSystem(command);
      const rejectedAt = deps.now.toISOString();
      return possible(command, state, { type: 'BidMarkedRejected', data: { ...idsOf(bid), reason: command.data.reason, rejectedAt } });
    }
    case 'ExpireBid': {
      const bid = requireBid(state, command);
      requireSystem(command);
      const events = possible(command, state, { type: 'BidExpired', data: { ...idsOf(bid), expiredAt: deps.now.toISOString() } });
      if (deps.now.getTime() < Date.parse(bid.expiresAt)) throw notAllowedInState(command.type, `bid is valid until ${bid.expiresAt}`);
      return events;
    }
    default:
      return assertNever(command);
  }
}

function placeBid(command: BidCommandOf<'PlaceBid'>, state: BidState, deps: DecideDeps): BidEvent[] {
  const { bidId, rideId, driver, ride, amountNgwee, message, estimatedArrivalMinutes, expiresAt } = command.data;
  if (command.actor.role !== 'driver' || command.actor.userId !== driver.userId) throw forbidden(command);
  if (driver.userId === ride.riderId) {
    throw new DomainError('own_ride', `ride ${rideId} is your own booking: a driver cannot bid on a ride they booked`, { rideId });
  }
  if (bidId !== bidIdFor(rideId, driver.driverId)) {
    throw new DomainError('invalid', `bidId: a bid by ${driver.driverId} on ${rideId} is ${bidIdFor(rideId, driver.driverId)}`, { field: 'bidId' });
  }
  if (state.matches('placed')) {
    throw new DomainError('bid_already_placed', `driver ${driver.driverId} already has a live bid on ride ${rideId}; withdraw it to bid again`);
  }
  const placed: BidEvent = {
    type: 'BidPlaced',
    data: {
      bidId,
      rideId,
      driverId: driver.driverId,
      driverUserId: driver.userId,
      amountNgwee,
      message,
      estimatedArrivalMinutes,
      expiresAt,
      placedAt: deps.now.toISOString(),
    },
  };
  possible(command, state, placed);
  if (ride.status !== 'pending') throw notAllowedInState(command.type, `ride is ${ride.status}`);
  if (ride.pricingMethod !== 'bidding') throw notAllowedInState(command.type, 'ride has a fixed price');
  requireFitDriver(driver, ride.vehicleType);
  requireWithinBounds('amountNgwee', amountNgwee, ride);
  if (Date.parse(expiresAt) <= deps.now.getTime()) {
    throw new DomainError('invalid', 'expiresAt: a bid must be valid for some time after it is placed', { field: 'expiresAt' });
  }
  return [placed];
}

type ExistingBid = BidEventOf<'BidPlaced'>['data'];

function requireBid(state: BidState, command: ParsedBidCommand): ExistingBid {
  const { bid } = state.context;
  if (bid === null) throw new DomainError('not_found', `bid ${command.data.bidId} was not found`, { bidId: command.data.bidId });
  return bid;
}

const idsOf = ({ bidId, rideId, driverId }: ExistingBid) => ({ bidId, rideId, driverId });

/** Settlement and expiry come from the platform's reactor and timers, never from a person. */
function requireSystem(command: ParsedBidCommand): void {
  if (command.actor.role !== 'system') throw forbidden(command);
}

function forbidden(command: ParsedBidCommand): DomainError {
  const { userId, role } = command.actor;
  return new DomainError('forbidden', `${command.type} is not allowed for ${role} ${userId} on this bid`, {
    command: command.type,
    userId,
    role,
  });
}

function possible(command: ParsedBidCommand, state: BidState, event: BidEvent): BidEvent[] {
  if (!state.can(event)) throw notAllowedInState(command.type, describeBidState(state));
  return [event];
}

export const bidDecider: Decider<BidState, BidCommand, BidEvent> = {
  ...foldThrough(bidMachine),
  decide,
};
