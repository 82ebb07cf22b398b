import { bidIdFor, type BidCommand } from '../../domain/bid/index.js';
import { rideStatus } from '../../domain/ride/index.js';
import { parseOrInvalid } from '../../domain/shared/command.js';
import { DomainError } from '../../domain/shared/index.js';
import type { CommandContext } from '../shared/handleCommand.js';
import { decideDeps, type CommandServices } from '../shared/services.js';
import { requireDriverFacts } from '../ride/driverReservation.js';
import { loadRide } from '../ride/loadRide.js';
import { decideOnBid, type BidCommandResult } from './decideOnBid.js';
import { bidInputSchemas, type BidInput } from './inputs.js';

/**
 * A driver bids on a bidding ride. The bid lives in its own stream, one per driver per ride
 * (`bidIdFor`), so a second live bid by the same driver meets the first. What the ride and the
 * driver are now is read from their streams and handed to the bid's decider as facts; the
 * bid stays valid for the admin-set window.
 *
 * The ride is not locked while the bid is written: a bid placed as the rider accepts another
 * lands on a ride that is no longer pending, and the settlement reactor rejects it with the rest.
 */
export async function placeBid(services: CommandServices, input: BidInput<'PlaceBid'>, context: CommandContext): Promise<BidCommandResult> {
  const { rideId, driverId, amountNgwee, message, estimatedArrivalMinutes } = parseOrInvalid(bidInputSchemas.PlaceBid, input);
  const { state } = await loadRide(services.store, rideId);
  const booking = state.context.booking;
  const status = rideStatus(state);
  if (booking === null || status === null) throw new DomainError('not_found', `ride ${rideId} was not found`, { rideId });
  const driver = await requireDriverFacts(services, driverId, rideId, context);
  const deps = decideDeps(services);
  const { bidWindowSeconds } = await services.settings.current();

  const command: BidCommand = {
    type: 'PlaceBid',
    data: {
      bidId: bidIdFor(rideId, driverId),
      rideId,
      driver,
      ride: {
        riderId: booking.riderId,
        status: status.status,
        pricingMethod: booking.pricingMethod,
        vehicleType: booking.vehicleType,
        floorNgwee: booking.quote.floorNgwee,
        ceilingNgwee: booking.quote.ceilingNgwee,
      },
      amountNgwee,
      message,
      estimatedArrivalMinutes,
      expiresAt: new Date(deps.now.getTime() + bidWindowSeconds * 1000).toISOString(),
    },
    actor: context.actor as BidCommand['actor'],
  };
  return decideOnBid(services, command, context, deps);
}
