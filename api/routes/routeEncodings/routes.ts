import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { uuidV5 } from '../../../commands/shared/eventIds.js';
import { reviseRouteEncoding, submitRouteEncoding, verifyRouteEncoding } from '../../../commands/routeEncoding/index.js';
import {
  ACCURATE_VOTES_TO_VERIFY,
  accurateVotes,
  needsFixVotes,
  routeEncodingStatus,
  type RouteEncodingState,
} from '../../../domain/routeEncoding/index.js';
import { DomainError } from '../../../domain/shared/index.js';
import {
  contributionStats,
  encodingById,
  encodingsByAuthor,
  pendingEncodings,
  type RouteEncodingRow,
} from '../../../projections/routeEncodings/index.js';
import { requireUser, signedInUser } from '../../plugins/auth.js';
import { commandContextFor, notYours } from '../../support/commandContext.js';
import { IDEMPOTENT_WRITE, errorResponses, iso, isoOrNull } from '../../support/http.js';
import type { ProductRouteDeps } from '../product/deps.js';
import {
  AuthorParams,
  ContributionStats,
  EncodingParams,
  PendingQuery,
  RouteBody,
  RouteEncoding,
  RouteEncodingList,
  RouteEncodingWritten,
  SubmitBody,
  VerifyBody,
} from '../../../contract/routeEncodings.js';

/** Riders and drivers know the streets; staff and admins curate the map (domain/routeEncoding/decider.ts CONTRIBUTORS). */
const contributors = requireUser({ roles: ['passenger', 'driver', 'staff', 'admin'] });

export function routeEncodingRoutes({ commands, db }: ProductRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/route-encodings/pending',
      {
        schema: {
          tags: ['route encodings'],
          summary: 'Encodings awaiting votes, newest first — less your own and those you have voted on',
          querystring: PendingQuery,
          response: { 200: RouteEncodingList, ...errorResponses },
        },
        preValidation: contributors,
      },
      async (request) => {
        const me = signedInUser(request).id;
        const rows = await pendingEncodings(db, { excludeAuthor: me, excludeVotedBy: me, limit: request.query.limit });
        return { encodings: rows.map(toEncoding) };
      },
    );

    app.get(
      '/api/route-encodings/stats',
      {
        schema: {
          tags: ['route encodings'],
          summary: 'Your mapping contributions',
          response: { 200: ContributionStats, ...errorResponses },
        },
        preValidation: contributors,
      },
      async (request) => contributionStats(db, signedInUser(request).id),
    );

    app.get(
      '/api/route-encodings/driver/:driverId',
      {
        schema: {
          tags: ['route encodings'],
          summary: "A contributor's own encodings (yours; any contributor's for an admin)",
          params: AuthorParams,
          response: { 200: RouteEncodingList, ...errorResponses },
        },
        preValidation: contributors,
      },
      async (request) => {
        const me = signedInUser(request);
        if (request.params.driverId !== me.id && me.userType !== 'admin') throw notYours('driverId', 'list encodings');
        return { encodings: (await encodingsByAuthor(db, request.params.driverId)).map(toEncoding) };
      },
    );

    app.get(
      '/api/route-encodings/:id',
      {
        schema: {
          tags: ['route encodings'],
          summary: 'One encoding',
          params: EncodingParams,
          response: { 200: RouteEncoding, ...errorResponses },
        },
        preValidation: contributors,
      },
      async (request) => {
        const row = await encodingById(db, request.params.id);
        if (!row) throw new DomainError('not_found', `No route encoding ${request.params.id}`, { encodingId: request.params.id });
        return toEncoding(row);
      },
    );

    app.post(
      '/api/route-encodings',
      {
        schema: {
          tags: ['route encodings'],
          summary: 'Encode a route: start, end, the streets along it (at least one) and the calculated coordinates',
          description: IDEMPOTENT_WRITE,
          body: SubmitBody,
          response: { 201: RouteEncodingWritten, ...errorResponses },
        },
        preValidation: contributors,
      },
      async (request, reply) => {
        const { driverId, ...route } = request.body;
        if (driverId !== undefined && driverId !== signedInUser(request).id) throw notYours('driverId', 'encode routes');
        const context = commandContextFor(request);
        // Derived from the command id: a retried submission names the same encoding.
        const encodingId = uuidV5(`${context.commandId}\u0000routeEncoding`);
        const result = await submitRouteEncoding(commands, { encodingId, ...route }, context);
        return reply.status(201).send(written(encodingId, result.state));
      },
    );

    app.post(
      '/api/route-encodings/:id/verify',
      {
        schema: {
          tags: ['route encodings'],
          summary: 'Vote on an encoding (not your own, once per revision): accurate, or needs fix',
          description: IDEMPOTENT_WRITE,
          params: EncodingParams,
          body: VerifyBody,
          response: { 200: RouteEncodingWritten, ...errorResponses },
        },
        preValidation: contributors,
      },
      async (request) => {
        const { driverId, isAccurate, revision } = request.body;
        if (driverId !== undefined && driverId !== signedInUser(request).id) throw notYours('driverId', 'verify routes');
        const encodingId = request.params.id;
        const result = await verifyRouteEncoding(commands, { encodingId, isAccurate, revision }, commandContextFor(request));
        return written(encodingId, result.state);
      },
    );

    app.post(
      '/api/route-encodings/:id/revise',
      {
        schema: {
          tags: ['route encodings'],
          summary: 'The author revises an encoding: it returns to pending with a fresh round of votes',
          description: IDEMPOTENT_WRITE,
          params: EncodingParams,
          body: RouteBody,
          response: { 200: RouteEncodingWritten, ...errorResponses },
        },
        preValidation: contributors,
      },
      async (request) => {
        const encodingId = request.params.id;
        const result = await reviseRouteEncoding(commands, { encodingId, ...request.body }, commandContextFor(request));
        return written(encodingId, result.state);
      },
    );
  };
}

function toEncoding(row: RouteEncodingRow): z.infer<typeof RouteEncoding> {
  return {
    id: row.encoding_id,
    authorId: row.author_id,
    startAddress: row.start_address,
    endAddress: row.end_address,
    streetNames: row.street_names,
    coordinates: row.coordinates,
    region: row.region,
    revision: row.revision,
    verifications: row.accurate_votes,
    verificationsRequired: ACCURATE_VOTES_TO_VERIFY,
    needsFixVotes: row.needs_fix_votes,
    verificationStatus: row.status,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    verifiedAt: isoOrNull(row.verified_at),
  };
}

function written(encodingId: string, state: RouteEncodingState): z.infer<typeof RouteEncodingWritten> {
  const { context } = state;
  const status = routeEncodingStatus(state);
  if (status === 'unsubmitted' || !context.route || !context.authorId) {
    throw new DomainError('not_found', `No route encoding ${encodingId}`, { encodingId });
  }
  return {
    id: encodingId,
    authorId: context.authorId,
    ...context.route,
    revision: context.revision,
    verifications: accurateVotes(context),
    verificationsRequired: ACCURATE_VOTES_TO_VERIFY,
    needsFixVotes: needsFixVotes(context),
    verificationStatus: status,
  };
}
