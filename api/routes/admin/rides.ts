import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { bidStreamId } from '../../../domain/bid/index.js';
import { dispatchStream } from '../../../domain/dispatch/index.js';
import { incidentStream } from '../../../domain/incident/index.js';
import { rideStreamId } from '../../../domain/ride/index.js';
import { DomainError } from '../../../domain/shared/index.js';
import { eventUpcasters } from '../../../domain/upcasting/index.js';
import { comparePositions, type JsonValue, type RecordedEvent } from '../../../platform/eventStore/port.js';
import { bidsForRide } from '../../../projections/bidsByRide/index.js';
import { ridesFiltered, type RideRow } from '../../../projections/rides/index.js';
import { usersByIds } from '../../../accounts/index.js';
import { listAdminActions } from '../../../product/index.js';
import { errorResponses, iso, isoOrNull } from '../../support/http.js';
import type { ProductRouteDeps } from '../product/deps.js';
import { AdminRide, AuditLog, AuditLogQuery, AuditTrail, RideList, RideParams, RidesQuery } from '../../../contract/admin.js';

export const MASKED_PIN = '••••';

/** The admin's rides list, a ride's full audit trail from the event store, and the admin audit log. */
export function rideAdminRoutes({ commands, db }: ProductRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/admin/rides',
      {
        schema: {
          tags: ['admin'],
          summary: 'Rides, newest booking first, by status, city, vehicle type and booking time (`from` inclusive, `to` exclusive)',
          querystring: RidesQuery,
          response: { 200: RideList, ...errorResponses },
        },
      },
      async (request) => ({ rides: (await ridesFiltered(db, request.query)).map(toAdminRide) }),
    );

    app.get(
      '/api/admin/rides/:rideId/events',
      {
        schema: {
          tags: ['admin'],
          summary:
            "A ride's audit trail: every event of the ride, its bids, its dispatch search and its incidents, in the order they happened (PINs masked)",
          params: RideParams,
          response: { 200: AuditTrail, ...errorResponses },
        },
      },
      async (request) => {
        const { rideId } = request.params;
        const ride = await commands.store.readStream(rideStreamId(rideId));
        if (ride.length === 0) throw new DomainError('not_found', `No ride ${rideId}`, { rideId });
        const bidStreams = (await bidsForRide(db, rideId)).map((bid) => bidStreamId(bid.bid_id));
        // The ride's incidents (SOS, ride checks, an admin's acknowledgement and resolution) replay with it.
        const others = [...bidStreams, dispatchStream(rideId), incidentStream(rideId)];
        const rest = await Promise.all(others.map((stream) => commands.store.readStream(stream)));
        const events = [ride, ...rest].flat().sort((a, b) => comparePositions(a.position, b.position));
        const actors = await usersByIds(db, events.flatMap((event) => (typeof event.metadata.userId === 'string' ? [event.metadata.userId] : [])));
        const nameOf = new Map(actors.map((user) => [user.id, user.full_name]));
        return { rideId, streams: [rideStreamId(rideId), ...others], events: events.map((event) => toTrailEvent(event, nameOf)) };
      },
    );

    app.get(
      '/api/admin/audit-log',
      {
        schema: {
          tags: ['admin'],
          summary: "Admins' changes to accounts and support messages, newest first (`targetId` narrows to one)",
          querystring: AuditLogQuery,
          response: { 200: AuditLog, ...errorResponses },
        },
      },
      async (request) => ({
        entries: (await listAdminActions(db, request.query)).map((row) => ({
          id: row.id,
          actorUserId: row.actor_user_id,
          action: row.action,
          targetType: row.target_type,
          targetId: row.target_id,
          changes: row.changes,
          correlationId: row.correlation_id,
          at: iso(row.created_at),
        })),
      }),
    );
  };
}

/** Every `pin` anywhere in an event's data, masked: the trail shows that a PIN was issued, never which. */
export function maskPins(value: JsonValue): JsonValue {
  if (Array.isArray(value)) return value.map(maskPins);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, key.toLowerCase() === 'pin' ? MASKED_PIN : maskPins(inner)]));
}

/**
 * One event for the trail, its data brought to the current schema (the admin's browser folds the
 * ride's events through the same machine as the server, which knows only current shapes) with
 * every PIN masked, and who did it by name where the actor is an account.
 */
function toTrailEvent(event: RecordedEvent, nameOf: ReadonlyMap<string, string>): z.infer<typeof AuditTrail>['events'][number] {
  const text = (value: unknown) => (typeof value === 'string' ? value : null);
  const { metadata } = event;
  const current = eventUpcasters.upcast({ type: event.type, data: event.data, metadata });
  const data = maskPins(current.data as JsonValue);
  const userId = text(metadata.userId);
  return {
    streamName: event.streamName,
    revision: event.revision.toString(),
    type: current.type,
    time: iso(event.created),
    data: data !== null && typeof data === 'object' && !Array.isArray(data) ? data : { value: data },
    metadata: {
      userId,
      userName: userId === null ? null : (nameOf.get(userId) ?? null),
      role: text(metadata.role),
      correlationId: text(metadata.correlationId),
      causationId: text(metadata.causationId),
      commandId: text(metadata.commandId),
      schemaVersion: typeof metadata.schemaVersion === 'number' ? metadata.schemaVersion : null,
    },
  };
}

function toAdminRide(row: RideRow): z.infer<typeof AdminRide> {
  return {
    rideId: row.ride_id,
    riderId: row.rider_id,
    driverId: row.driver_id,
    status: row.status,
    vehicleType: row.vehicle_type,
    pricingMethod: row.pricing_method,
    city: row.city,
    pickup: { address: row.pickup_address, lat: row.pickup_lat, lng: row.pickup_lng },
    dropoff: { address: row.dropoff_address, lat: row.dropoff_lat, lng: row.dropoff_lng },
    paymentMethod: row.payment_method,
    quoteTotalNgwee: row.quote_total_ngwee,
    proposedFareNgwee: row.proposed_fare_ngwee,
    offeredFareNgwee: row.offered_fare_ngwee,
    agreedFareNgwee: row.agreed_fare_ngwee,
    finalFareNgwee: row.final_fare_ngwee,
    distanceKm: row.trip_distance_km ?? row.quoted_distance_km,
    durationMinutes: row.trip_duration_minutes ?? row.quoted_duration_minutes,
    emergencyRaised: row.emergency_raised,
    cancelledBy: row.cancelled_by,
    cancelReason: row.cancel_reason,
    riderRatingGiven: row.rider_rating_given,
    driverRatingGiven: row.driver_rating_given,
    scheduledFor: isoOrNull(row.scheduled_for),
    createdAt: iso(row.created_at),
    acceptedAt: isoOrNull(row.accepted_at),
    completedAt: isoOrNull(row.completed_at),
    cancelledAt: isoOrNull(row.cancelled_at),
    updatedAt: iso(row.updated_at),
  };
}
