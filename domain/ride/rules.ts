import type { Actor } from '../shared/command.js';
import { DomainError, notAllowedInState } from '../shared/index.js';
import type { ParsedRideCommand as RideCommand } from './commands.js';
import type { Booking, RideEvent } from './events.js';
import type { RideContext } from './machine.js';
import { describeRideState, type RideState } from './status.js';
import type { DriverFacts, PricingMethod, Quote } from './values.js';

/** Who the actor is on this ride. Anyone else (another passenger, an unassigned driver) is nobody. */
export type RideParty = 'rider' | 'driver' | 'admin' | 'system';

export type ExistingRide = RideContext & { booking: Booking };

export function requireRide(state: RideState, command: RideCommand): ExistingRide {
  const { context } = state;
  if (context.booking === null) {
    throw new DomainError('not_found', `ride ${command.data.rideId} was not found`, { rideId: command.data.rideId });
  }
  return context as ExistingRide;
}

export function partyOf(actor: Actor, ride: ExistingRide): RideParty | null {
  switch (actor.role) {
    case 'passenger':
      return actor.userId === ride.booking.riderId ? 'rider' : null;
    case 'driver':
      return actor.userId === ride.driver?.userId ? 'driver' : null;
    case 'admin':
    case 'system':
      return actor.role;
    case 'staff':
      // Support agents look rides up but take no part in them; an admin acts for the platform.
      return null;
  }
}

/** The acting party, if it is one of those allowed to issue this command; 'forbidden' otherwise. */
export function requireParty<Allowed extends RideParty>(
  command: RideCommand,
  ride: ExistingRide,
  allowed: readonly Allowed[],
): Allowed {
  const party = partyOf(command.actor, ride);
  if (party === null || !(allowed as readonly RideParty[]).includes(party)) throw forbidden(command);
  return party as Allowed;
}

export function forbidden(command: RideCommand): DomainError {
  const { userId, role } = command.actor;
  return new DomainError('forbidden', `${command.type} is not allowed for ${role} ${userId} on this ride`, {
    command: command.type,
    userId,
    role,
  });
}

/** The machine is the rulebook: the command's event must be one the current state accepts. */
export function requirePossible(state: RideState, command: RideCommand, event: RideEvent): void {
  if (!state.can(event)) throw notAllowedInState(command.type, describeRideState(state));
}

export function requireFitDriver(driver: DriverFacts, vehicleType: string): void {
  if (!driver.verified) throw new DomainError('driver_not_verified', `driver ${driver.driverId} is not verified`);
  if (!driver.online) throw new DomainError('driver_offline', `driver ${driver.driverId} is offline`);
  if (driver.busy) throw new DomainError('driver_busy', `driver ${driver.driverId} is engaged on another ride`);
  if (driver.vehicleType !== vehicleType) {
    throw new DomainError('vehicle_mismatch', `the ride needs a ${vehicleType}, driver ${driver.driverId} drives a ${driver.vehicleType}`, {
      expected: vehicleType,
      actual: driver.vehicleType,
    });
  }
}

/** Proposals, counter-offers and bids must lie within the quote's bounds. */
/** The refusal of an amount outside a quote's bounds (below its floor, or above its ceiling). */
export function withinBoundsRefusal(
  field: string,
  amountNgwee: number,
  breach: { rule: 'proposal_below_floor'; floorNgwee: number } | { rule: 'proposal_above_ceiling'; ceilingNgwee: number },
): DomainError {
  return breach.rule === 'proposal_below_floor'
    ? new DomainError('proposal_below_floor', `${field} ${amountNgwee} is below the floor of ${breach.floorNgwee} ngwee`, { field, floorNgwee: breach.floorNgwee })
    : new DomainError('proposal_above_ceiling', `${field} ${amountNgwee} is above the ceiling of ${breach.ceilingNgwee} ngwee`, {
        field,
        ceilingNgwee: breach.ceilingNgwee,
      });
}

export function requireWithinBounds(field: string, amountNgwee: number, bounds: Pick<Quote, 'floorNgwee' | 'ceilingNgwee'>): void {
  const { floorNgwee, ceilingNgwee } = bounds;
  if (amountNgwee < floorNgwee) throw withinBoundsRefusal(field, amountNgwee, { rule: 'proposal_below_floor', floorNgwee });
  if (amountNgwee > ceilingNgwee) throw withinBoundsRefusal(field, amountNgwee, { rule: 'proposal_above_ceiling', ceilingNgwee });
}

export function requirePricing(command: RideCommand, ride: ExistingRide, method: PricingMethod): void {
  if (ride.booking.pricingMethod === method) return;
  throw notAllowedInState(command.type, method === 'bidding' ? 'ride has a fixed price' : 'ride takes bids');
}

export function invalid(field: string, message: string): DomainError {
  return new DomainError('invalid', `${field}: ${message}`, { field });
}
