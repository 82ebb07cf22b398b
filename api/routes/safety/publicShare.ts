import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PublicTrip, ShareParams } from '../../../contract/safety.js';
import { findDriverLocation } from '../../../commands/dispatch/index.js';
import { loadRide } from '../../../commands/ride/index.js';
import { loadState } from '../../../commands/shared/driverFacts.js';
import { rideFactsOf, type RideEvent } from '../../../domain/ride/index.js';
import { publicTripView, shareLinkAccess, tripShareDecider, tripShareStream } from '../../../domain/tripShare/index.js';
import { toDomainEvent } from '../../../commands/shared/services.js';
import { driverById } from '../../../projections/driverProfiles/index.js';
import { shareLinkByTokenHash } from '../../../projections/safety/index.js';
import { usersByIds } from '../../../accounts/index.js';
import { ErrorBody } from '../../support/http.js';
import type { ProductRouteDeps } from '../product/deps.js';

/**
 * GET /api/share/:token — the public share page, for anyone holding the link (signed in or not):
 * the status, the driver's position while on the ride, the driver's name, the car and its plate,
 * nothing more. A link never issued is a 404; a revoked one, or one whose ride ended more than 30
 * minutes ago, a 410 ("this link is no longer active").
 */
export function publicShareRoutes({ commands, db }: ProductRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/share/:token',
      {
        schema: {
          tags: ['safety'],
          summary: 'A shared trip, for whoever holds the link: status, the driver and the car, the live position (no sign-in)',
          params: ShareParams,
          response: { 200: PublicTrip, 404: ErrorBody, 410: ErrorBody, 400: ErrorBody },
        },
      },
      async (request, reply) => {
        const tokenHash = commands.safety.shareTokens.hashOf(request.params.token);
        const unknown = () => reply.status(404).send({ message: 'There is no shared trip at this link', code: 'not_found' });
        const link = await shareLinkByTokenHash(db, tokenHash);
        if (!link) return unknown();
        const { state } = await loadState(commands.store, tripShareStream(link.ride_id), tripShareDecider);
        const { state: rideState, recorded } = await loadRide(commands.store, link.ride_id);
        const facts = rideFactsOf(recorded.map((event) => toDomainEvent<RideEvent>(event)));
        if (!facts) return unknown();
        const access = shareLinkAccess(state, tokenHash, facts, commands.clock.now());
        if (access === 'unknown') return unknown();
        if (access === 'closed') return reply.status(410).send({ message: 'This link is no longer active', code: 'share_closed' });
        reply.header('cache-control', 'no-store');
        const assigned = rideState.context.driver;
        const [profile, location, users] = assigned
          ? await Promise.all([driverById(db, assigned.driverId), findDriverLocation(db, assigned.driverId), usersByIds(db, [assigned.userId])])
          : [undefined, undefined, []];
        const name = users[0]?.full_name.trim().split(/\s+/)[0];
        return publicTripView({
          status: facts.status,
          driver:
            profile && name
              ? { name, vehicle: { make: profile.vehicle_make ?? '', model: profile.vehicle_model ?? '', colour: profile.vehicle_colour ?? '', plateNumber: profile.plate_number ?? '' } }
              : null,
          position: location ? { lat: location.lat, lng: location.lng, at: location.updated_at.toISOString() } : null,
        });
      },
    );
  };
}
