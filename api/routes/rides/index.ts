import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ProductRouteDeps } from '../product/deps.js';
import { rideBookingRoutes } from './booking.js';
import { rideDirectionsRoutes } from './directions.js';
import { rideEventRoutes } from './events.js';
import { rideReadRoutes } from './reads.js';
import { rideTripRoutes } from './trip.js';
import { readsFrom } from '../../plugins/readYourWrites.js';
import { ridesProjection } from '../../../projections/rides/index.js';
import { ridePinsProjection } from '../../../projections/ridePins/index.js';
import { driverProfilesProjection } from '../../../projections/driverProfiles/index.js';

/** Everything under /api/rides: booking, a driver's acceptance, the trip's steps, and the reads. */
export function ridesGroup(deps: ProductRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    // What its reads read: a read after a write waits for these read models only.
    readsFrom(app, [ridesProjection, ridePinsProjection, driverProfilesProjection]);
    await app.register(rideReadRoutes(deps));
    await app.register(rideBookingRoutes(deps));
    await app.register(rideTripRoutes(deps));
    await app.register(rideEventRoutes(deps));
    await app.register(rideDirectionsRoutes(deps));
  };
}
