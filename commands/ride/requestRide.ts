import type { z } from 'zod';
import { vehicleById, type Vehicle } from '../../domain/catalogue/index.js';
import { bidBounds, conditionsFor, lusakaHour, quoteFare } from '../../domain/fare/index.js';
import type { Quote, RideCommand } from '../../domain/ride/index.js';
import { parseOrInvalid } from '../../domain/shared/command.js';
import { DomainError } from '../../domain/shared/index.js';
import { uuidV5 } from '../shared/eventIds.js';
import type { CommandContext } from '../shared/handleCommand.js';
import { decideDeps, type CommandServices } from '../shared/services.js';
import type { PlatformSettings } from '../shared/settings.js';
import { decideOnRide, type RideCommandResult } from './decideOnRide.js';
import { rideInputSchemas, type RideInput } from './inputs.js';
import { greatCircleTrip, routeTrip, type RoutedTrip } from './routeTrip.js';

type Booking = z.output<typeof rideInputSchemas.RequestRide>;

/** Roles that see (and so may book) coming-soon services (spec 000 §6). */
const PRIVILEGED = ['admin', 'staff'];

export interface RequestRideResult extends RideCommandResult {
  quote: Quote;
}

/**
 * A passenger books a ride: the vehicle is checked against the catalogue, the fare is quoted
 * here on the server (never taken from the client) and locked into the ride's first event.
 */
export async function requestRide(
  services: CommandServices,
  input: RideInput<'RequestRide'>,
  context: CommandContext,
): Promise<RequestRideResult> {
  const booking = parseOrInvalid(rideInputSchemas.RequestRide, input);
  requireBookable(vehicleById(booking.vehicleType), booking, context.actor);
  const deps = decideDeps(services);
  const trip = await routeTrip(services.router, tripPoints(booking));
  const quote = quoteRide(booking, await services.settings.current(), deps.now, trip);
  const command: RideCommand = {
    type: 'RequestRide',
    data: { ...booking, rideId: booking.rideId ?? rideIdFor(context.commandId), riderId: context.actor.userId, quote },
    actor: context.actor as RideCommand['actor'],
  };
  const result = await decideOnRide(services, command, context, { deps });
  return { ...result, quote: result.state.context.booking?.quote ?? quote };
}

/** Derived, not drawn: a retried request (same command id) names the same ride and books it once. */
export const rideIdFor = (commandId: string) => uuidV5(`${commandId}\u0000ride`);

/** Pickup, the stops in order, dropoff. */
export const tripPoints = ({ pickup, stops, dropoff }: Pick<Booking, 'pickup' | 'stops' | 'dropoff'>) =>
  [pickup, ...stops, dropoff].map(({ lat, lng }) => ({ lat, lng }));

/**
 * The fare as the fare engine prices it: the trip's route through the stops (along the roads when
 * the services have a router — see routeTrip — else the straight-line estimate of each leg),
 * conditions from the admin settings and the hour of the trip (a scheduled ride is priced for
 * when it runs), and the bounds bids and proposals must keep to. The route (its source, figures
 * and line) is kept in the breakdown under `route`, for the receipt and the maps.
 */
export function quoteRide(booking: Booking, settings: PlatformSettings, now: Date, trip: RoutedTrip = greatCircleTrip(tripPoints(booking))): Quote {
  const route = trip.estimate;
  const tripTime = booking.scheduledFor === null ? now : new Date(booking.scheduledFor);
  const fare = quoteFare({
    vehicleId: booking.vehicleType,
    distanceKm: route.distanceKm,
    durationMin: route.durationMin,
    pricingMethod: booking.pricingMethod,
    conditions: conditionsFor({
      hour: lusakaHour(tripTime),
      surgeEnabled: settings.surgeEnabled,
      weather: settings.weather,
      // Nothing measured this trip's traffic: the hour's usual level applies.
    }),
  });
  const bounds = bidBounds(fare.totalFare);
  return { totalNgwee: fare.totalFare, floorNgwee: bounds.floor, ceilingNgwee: bounds.ceiling, breakdown: { ...fare, route: trip.route } };
}

/** What the catalogue says about this booking: who may book the service, and what it carries. */
function requireBookable(vehicle: Vehicle, booking: Booking, actor: CommandContext['actor']): void {
  if (vehicle.comingSoon && !PRIVILEGED.includes(actor.role)) {
    throw new DomainError('forbidden', `vehicleType: ${vehicle.name} is coming soon and cannot be booked yet`, {
      field: 'vehicleType',
    });
  }
  const { load } = vehicle;
  if (load.kind === 'passengers') {
    if (booking.packageSize !== null) throw invalid('packageSize', `a ${vehicle.name} carries passengers, not packages`);
    if (booking.passengerCount === null) throw invalid('passengerCount', `a ${vehicle.name} booking needs a passenger count`);
    if (booking.passengerCount > load.maxPassengers) {
      throw invalid('passengerCount', `a ${vehicle.name} takes at most ${load.maxPassengers} passengers`);
    }
    return;
  }
  if (booking.passengerCount !== null) throw invalid('passengerCount', `a ${vehicle.name} carries packages only, never passengers`);
  if (booking.packageSize === null || !load.sizes.includes(booking.packageSize)) {
    throw invalid('packageSize', `a ${vehicle.name} takes packages of size ${load.sizes.join(', ')}`);
  }
}

const invalid = (field: string, message: string) => new DomainError('invalid', `${field}: ${message}`, { field });
