import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { Incident, IncidentList, IncidentParams, IncidentQuery, ResolveIncidentBody, rideIdOfIncident } from '../../../contract/safety.js';
import { findDriverLocation } from '../../../commands/dispatch/index.js';
import { acknowledgeIncident, resolveIncident } from '../../../commands/incident/index.js';
import { DomainError } from '../../../domain/shared/index.js';
import { rideById, type RideRow } from '../../../projections/rides/index.js';
import { incidentById, incidentsQueue, trustedContactsOfRiders, type IncidentRow, type TrustedContactRow } from '../../../projections/safety/index.js';
import { usersByIds, type UserRow } from '../../../accounts/index.js';
import { requireUser, signedInUser } from '../../plugins/auth.js';
import { commandContextFor } from '../../support/commandContext.js';
import { errorResponses, IDEMPOTENT_WRITE } from '../../support/http.js';
import type { ProductRouteDeps } from '../product/deps.js';
import { incidentHandlersOf } from './access.js';

const tags = ['admin', 'safety'];
type IncidentView = z.infer<typeof Incident>;

/** The safety team's queue: incidents with their ride, the people on it and the rider's trusted contacts; acknowledge, resolve. */
export function incidentRoutes({ commands, db }: ProductRouteDeps): FastifyPluginAsyncZod {
  async function present(rows: IncidentRow[], adminId: string): Promise<IncidentView[]> {
    const rides = new Map<string, RideRow>();
    for (const row of rows) {
      const ride = await rideById(db, row.ride_id);
      if (ride) rides.set(row.ride_id, ride);
    }
    const riderIds = [...rides.values()].map((ride) => ride.rider_id);
    const people = new Map<string, UserRow>(
      (await usersByIds(db, [...riderIds, ...[...rides.values()].flatMap((ride) => (ride.driver_user_id ? [ride.driver_user_id] : []))])).map((user) => [user.id, user]),
    );
    const contacts = await trustedContactsOfRiders(db, riderIds);
    const views: IncidentView[] = [];
    for (const row of rows) {
      const ride = rides.get(row.ride_id);
      const person = (userId: string) => {
        const user = people.get(userId);
        return { userId, name: user?.full_name ?? userId, phone: user?.phone_number ?? null };
      };
      const location = ride?.driver_id && row.status !== 'resolved' ? await findDriverLocation(db, ride.driver_id) : undefined;
      views.push({
        incidentId: row.incident_id,
        rideId: row.ride_id,
        number: row.number,
        status: row.status,
        causes: row.causes.map((cause) =>
          cause.kind === 'sos'
            ? { kind: 'sos', party: cause.party, reason: null, answer: null, location: cause.location, at: cause.pressedAt }
            : { kind: 'ride_check', party: null, reason: cause.reason, answer: cause.answer, location: cause.location, at: cause.at },
        ),
        alertCount: row.alert_count,
        raisedAt: row.raised_at.toISOString(),
        lastAlertedAt: row.last_alerted_at.toISOString(),
        acknowledgedBy: row.acknowledged_by,
        acknowledgedAt: row.acknowledged_at?.toISOString() ?? null,
        resolvedAt: row.resolved_at?.toISOString() ?? null,
        outcome: row.outcome,
        note: row.note,
        ride: ride
          ? {
              status: ride.status,
              pickupAddress: ride.pickup_address,
              dropoffAddress: ride.dropoff_address,
              rider: person(ride.rider_id),
              driver: ride.driver_user_id ? person(ride.driver_user_id) : null,
              position: location ? { lat: location.lat, lng: location.lng, at: location.updated_at.toISOString() } : null,
            }
          : null,
        trustedContacts: contacts
          .filter((contact: TrustedContactRow) => ride && contact.rider_id === ride.rider_id)
          .map(({ contact_id, name, phone, relationship }) => ({ contactId: contact_id, name, phone, relationship })),
        handledByYou: row.acknowledged_by === adminId || row.resolved_by === adminId,
      });
    }
    return views;
  }

  /** The incident as the stream has it now (the read model may be a moment behind a write). */
  const answerFor = async (incidentId: string, adminId: string, fallback: () => Promise<IncidentView | undefined>) => {
    const row = await incidentById(db, incidentId);
    const [view] = row ? await present([row], adminId) : [];
    return view ?? fallback();
  };
  const notFound = (incidentId: string) => new DomainError('not_found', `incident ${incidentId} was not found`, { incidentId });

  return async (app) => {
    app.addHook('preValidation', requireUser({ roles: ['admin'] }));
    app.get(
      '/api/admin/incidents',
      { schema: { tags, summary: 'The incident queue: open ones (unacknowledged first, oldest first) or the resolved', querystring: IncidentQuery, response: { 200: IncidentList, ...errorResponses } } },
      async (request) => ({ incidents: await present(await incidentsQueue(db, { state: request.query.state }), signedInUser(request).id) }),
    );
    app.get(
      '/api/admin/incidents/:incidentId',
      { schema: { tags, summary: 'One incident with its ride, people, trusted contacts and the live position', params: IncidentParams, response: { 200: Incident, ...errorResponses } } },
      async (request) => {
        const { incidentId } = request.params;
        return answerFor(incidentId, signedInUser(request).id, async () => {
          throw notFound(incidentId);
        });
      },
    );
    const step = (path: 'acknowledge' | 'resolve') => ({ tags, description: IDEMPOTENT_WRITE, params: IncidentParams, summary: path === 'acknowledge' ? 'I am handling it: stops the re-alerts, and lets me read the ride’s messages and play its recording' : 'Closes the incident with its outcome and a note' });
    app.post(
      '/api/admin/incidents/:incidentId/acknowledge',
      { schema: { ...step('acknowledge'), response: { 200: Incident, ...errorResponses } } },
      async (request) => {
        const { incidentId } = request.params;
        const rideId = rideIdOfIncident(incidentId);
        const result = await acknowledgeIncident(commands, { rideId, incidentId }, commandContextFor(request));
        const acknowledged = result.events.find((event) => event.type === 'IncidentAcknowledged');
        return afterWrite(incidentId, rideId, signedInUser(request).id, (view) =>
          view.status === 'raised' && acknowledged?.type === 'IncidentAcknowledged'
            ? { ...view, status: 'acknowledged', acknowledgedBy: acknowledged.data.acknowledgedBy, acknowledgedAt: acknowledged.data.acknowledgedAt }
            : view,
        );
      },
    );
    app.post(
      '/api/admin/incidents/:incidentId/resolve',
      { schema: { ...step('resolve'), body: ResolveIncidentBody, response: { 200: Incident, ...errorResponses } } },
      async (request) => {
        const { incidentId } = request.params;
        const rideId = rideIdOfIncident(incidentId);
        const result = await resolveIncident(commands, { rideId, incidentId, ...request.body }, commandContextFor(request));
        const resolved = result.events.find((event) => event.type === 'IncidentResolved');
        return afterWrite(incidentId, rideId, signedInUser(request).id, (view) =>
          resolved?.type === 'IncidentResolved'
            ? { ...view, status: 'resolved', resolvedAt: resolved.data.resolvedAt, outcome: resolved.data.outcome, note: resolved.data.note }
            : view,
        );
      },
    );
  };

  /** After a write the read model may lag: answer its row with what the write just decided on top. */
  async function afterWrite(incidentId: string, rideId: string, adminId: string, written: (view: IncidentView) => IncidentView): Promise<IncidentView> {
    const row = await incidentById(db, incidentId);
    if (!row) throw notFound(incidentId);
    const [view] = await present([row], adminId);
    const handlers = await incidentHandlersOf(commands.store, rideId);
    return written({ ...view!, handledByYou: handlers.includes(adminId) });
  }
}
