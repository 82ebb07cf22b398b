import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { DomainError } from '../../../domain/shared/index.js';
import { reserveAttempt } from '../../../accounts/index.js';
import { currentUser, requireUser, signedInUser } from '../../plugins/auth.js';
import {
  countOpenSupportMessages,
  insertSupportMessage,
  listSupportMessages,
  type SupportMessageRow,
} from '../../../product/index.js';
import { ErrorBody, errorResponses, iso } from '../../support/http.js';
import { setSupportStatusAudited } from '../../services/auditedChanges.js';
import { rideById, ridesProjection } from '../../../projections/rides/index.js';
import type { ProductRouteDeps } from '../product/deps.js';
import { ContactBody, ContactReceived, Inbox, InboxQuery, MessageParams, StatusBody, SupportMessage } from '../../../contract/support.js';
import { readsFrom } from '../../plugins/readYourWrites.js';

/** Messages one address may send in an hour: plenty for a person, too few to flood the inbox. */
export const CONTACT_LIMIT = { max: 10, windowMs: 60 * 60 * 1000 } as const;

/** Support agents (staff) and admins read and answer the inbox. */
const supportDesk = requireUser({ roles: ['admin', 'staff'] });

/** The support centre's contact form (open to visitors) and the support inbox. */
export function supportGroup({ commands, db }: ProductRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    // What its reads read: a read after a write waits for these read models only.
    readsFrom(app, [ridesProjection]);
    app.post(
      '/api/support/contact',
      {
        schema: {
          tags: ['support'],
          summary: 'Send the support team a message (visitors too), about one of your rides when `rideId` is given; at most 10 an hour from one address (429)',
          body: ContactBody,
          response: { 201: ContactReceived, 400: ErrorBody, 404: ErrorBody, 429: ErrorBody },
        },
      },
      async (request, reply) => {
        const now = commands.clock.now();
        const reservation = await reserveAttempt(db, [{ key: `support-contact:ip:${request.ip}`, ...CONTACT_LIMIT }], now);
        if (!reservation.allowed) {
          return reply.status(429).header('retry-after', String(reservation.retryAfterSeconds)).send({
            message: 'Too many messages from this address. Please try again later, or call the 24/7 line for anything urgent.',
            code: 'too_many_messages',
            retryAfterSeconds: reservation.retryAfterSeconds,
          });
        }
        const { rideId, ...message } = request.body;
        const sender = currentUser(request);
        if (rideId !== undefined) {
          // Only about a ride of one's own (rider or driver): anyone else hears of no such ride.
          const ride = sender ? await rideById(db, rideId) : undefined;
          if (!ride || (ride.rider_id !== sender!.id && ride.driver_id !== sender!.id)) {
            throw new DomainError('not_found', 'rideId: no ride of yours has this id (sign in to report one of your rides)', {
              issues: [{ field: 'rideId', message: 'is not one of your rides' }],
            });
          }
        }
        const row = await insertSupportMessage(db, { ...message, userId: sender?.id ?? null, rideId: rideId ?? null }, now);
        request.log.info({ supportMessageId: row.id, urgency: row.urgency, category: row.category }, 'support message received');
        return reply.status(201).send({ id: row.id, receivedAt: iso(row.created_at), message: "We'll get back to you within 24 hours" });
      },
    );

    app.get(
      '/api/admin/support',
      {
        schema: {
          tags: ['support', 'admin'],
          summary: 'The support inbox: open emergencies first, then newest first',
          querystring: InboxQuery,
          response: { 200: Inbox, ...errorResponses },
        },
        preValidation: supportDesk,
      },
      async (request) => {
        const [messages, counts] = await Promise.all([listSupportMessages(db, request.query), countOpenSupportMessages(db)]);
        return { messages: messages.map(toMessage), counts };
      },
    );

    app.patch(
      '/api/admin/support/:id',
      {
        schema: {
          tags: ['support', 'admin'],
          summary: 'Mark a message open, in progress or resolved (recorded in the admin audit log)',
          params: MessageParams,
          body: StatusBody,
          response: { 200: SupportMessage, ...errorResponses },
        },
        preValidation: supportDesk,
      },
      async (request) => {
        const now = commands.clock.now();
        const { id } = request.params;
        const updated = await setSupportStatusAudited(db, {
          id,
          status: request.body.status,
          audit: { actorUserId: signedInUser(request).id, correlationId: request.id },
          now,
        });
        if (!updated) throw new DomainError('not_found', `No support message ${id}`, { id });
        return toMessage(updated);
      },
    );
  };
}

function toMessage(row: SupportMessageRow): z.infer<typeof SupportMessage> {
  return {
    id: row.id,
    userId: row.user_id,
    name: row.name,
    email: row.email,
    subject: row.subject,
    category: row.category,
    message: row.message,
    urgency: row.urgency,
    status: row.status,
    rideId: row.ride_id,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}
