import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ProductRouteDeps } from '../product/deps.js';
import { rideBookingRoutes } from './booking.js';
import { rideEventRoutes } from './events.js';
import { rideReadRoutes } from './reads.js';
import { rideTripRoutes } from './trip.js';

/** Everything under /api/rides: booking, a driver's acceptance, the trip's steps, and the reads. */
export function ridesGroup(deps: ProductRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(rideReadRoutes(deps));
    await app.register(rideBookingRoutes(deps));
    await app.register(rideTripRoutes(deps));
    await app.register(rideEventRoutes(deps));
  };
}
