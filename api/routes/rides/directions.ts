import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { greatCircleTrip } from '../../../commands/ride/index.js';
import { Directions } from '../../../contract/maps.js';
import type { LatLng } from '../../../domain/catalogue/index.js';
import { DomainError } from '../../../domain/shared/index.js';
import { summariseRoute, type Route } from '../../../platform/routing/index.js';
import { requireUser, signedInUser } from '../../plugins/auth.js';
import { errorResponses } from '../../support/http.js';
import type { ProductRouteDeps } from '../product/deps.js';
import { readRideFor } from './rideSources.js';
import { RideParams } from '../../../contract/rides.js';

type RideView = Awaited<ReturnType<typeof readRideFor>>;

/** Where the route goes from where the driver is, by the ride's status; null when the ride goes nowhere now. */
export function directionsPlan(ride: Pick<RideView, 'status' | 'pickupLocation' | 'dropoffLocation' | 'multipleDestinations' | 'driverLocation'>) {
  const point = ({ lat, lng }: LatLng) => ({ lat, lng });
  const pickup = point(ride.pickupLocation);
  const dropoff = point(ride.dropoffLocation);
  const stops = ride.multipleDestinations.map(point);
  const driver = ride.driverLocation ? point(ride.driverLocation) : null;
  switch (ride.status) {
    case 'accepted':
      // To the pickup, then the trip: the driver sees the whole of what is ahead.
      return driver
        ? { to: 'pickup' as const, from: 'driver' as const, waypoints: [driver, pickup, ...stops, dropoff], legsToNext: 1 }
        : { to: 'pickup' as const, from: 'pickup' as const, waypoints: [pickup, ...stops, dropoff], legsToNext: 0 };
    case 'arrived':
      return { to: 'dropoff' as const, from: 'pickup' as const, waypoints: [pickup, ...stops, dropoff], legsToNext: stops.length + 1 };
    case 'in_progress':
      // The stops already passed are not known here: from the driver straight on to the dropoff.
      return driver
        ? { to: 'dropoff' as const, from: 'driver' as const, waypoints: [driver, dropoff], legsToNext: 1 }
        : { to: 'dropoff' as const, from: 'pickup' as const, waypoints: [pickup, ...stops, dropoff], legsToNext: stops.length + 1 };
    default:
      return null;
  }
}

/**
 * The driver's map (and the rider's view of the driver coming): the route from the driver's last
 * position along the roads, its turns and the ETA to the next stop, for the ride's parties only.
 */
export function rideDirectionsRoutes({ commands, db }: ProductRouteDeps): FastifyPluginAsyncZod {
  const readDeps = { db, store: commands.store };
  return async (app) => {
    app.get(
      '/api/rides/:rideId/directions',
      {
        schema: {
          tags: ['rides'],
          summary: "The route ahead along the roads, its turns and the ETA: the ride's rider, driver or an admin (404 to anyone else); 409 when the ride is not under way",
          params: RideParams,
          response: { 200: Directions, ...errorResponses },
        },
        preValidation: requireUser(),
      },
      async (request): Promise<z.infer<typeof Directions>> => {
        const ride = await readRideFor(readDeps, signedInUser(request), request.params.rideId);
        const plan = directionsPlan(ride);
        if (!plan) {
          throw new DomainError('conflict', `A ride that is ${ride.status} has no route ahead`, { rideId: ride.id, status: ride.status });
        }
        let route: Route | null = null;
        if (commands.router) {
          try {
            route = await commands.router.route({ waypoints: plan.waypoints });
          } catch (error) {
            if (error instanceof DomainError) throw error;
            request.log.warn({ err: error }, 'routing failed: directions on the straight line');
          }
        }
        if (!route) {
          const trip = greatCircleTrip(plan.waypoints);
          return { rideId: ride.id, ...plan, route: trip.route, etaMinutes: Math.ceil(trip.route.durationMin), steps: [] };
        }
        const toNext = plan.legsToNext === 0 ? 0 : route.legs.slice(0, plan.legsToNext).reduce((sum, leg) => sum + leg.durationMin, 0);
        return {
          rideId: ride.id,
          to: plan.to,
          from: plan.from,
          waypoints: plan.waypoints,
          route: summariseRoute(route),
          etaMinutes: Math.ceil(toNext),
          steps: route.steps,
        };
      },
    );
  };
}
