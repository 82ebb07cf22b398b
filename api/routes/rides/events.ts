import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { rideStreamId, type RideEvent } from '../../../domain/ride/index.js';
import { foldRideStream } from '../../../projections/rides/index.js';
import { readRideEvent, type Stored } from '../../../projections/shared/storedEvents.js';
import { requireUser, signedInUser } from '../../plugins/auth.js';
import { errorResponses, iso } from '../../support/http.js';
import type { ProductRouteDeps } from '../product/deps.js';
import { partyOf, rideNotFound } from './rideSources.js';
import { RideEvents, RideParams } from '../../../contract/rides.js';

/** Every `pin` at any depth left out: the rider reads the PIN from GET /api/rides/:id, nobody reads it here. */
export function withoutPins(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutPins);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).flatMap(([key, inner]) => (key.toLowerCase() === 'pin' ? [] : [[key, withoutPins(inner)]])));
}

/**
 * GET /api/rides/:rideId/events — the ride's own stream, upcast, for the screens that fold it
 * through the shared ride machine (tracking, the driver's active trip). Who may read it is decided
 * from the same events: the rider, the driver once assigned, an admin; anyone else gets the same
 * 404 as for a ride that does not exist.
 */
export function rideEventRoutes({ commands }: ProductRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/rides/:rideId/events',
      {
        schema: {
          tags: ['rides'],
          summary: "The ride's events (type, data, time) for its rider, its assigned driver or an admin; never a PIN",
          params: RideParams,
          response: { 200: RideEvents, ...errorResponses },
        },
        preValidation: requireUser(),
      },
      async (request) => {
        const { rideId } = request.params;
        const stored = (await commands.store.readStream(rideStreamId(rideId))).flatMap((recorded) => readRideEvent(recorded) ?? []);
        const ride = foldRideStream(stored);
        if (!ride || !partyOf(signedInUser(request), ride)) throw rideNotFound(rideId);
        return { rideId, events: stored.map(toWire) };
      },
    );
  };
}

function toWire({ event, created }: Stored<RideEvent>): z.infer<typeof RideEvents>['events'][number] {
  return { type: event.type, data: withoutPins(event.data) as Record<string, unknown>, time: iso(created) };
}
