import { z } from 'zod';
import { ACCURATE_VOTES_TO_VERIFY, COPPERBELT } from '../domain/routeEncoding/index.js';
import { EntityId, Instant, limitQuery } from './primitives.js';

const Coordinate = z.object({
  lat: z.number({ error: 'must be a number' }).min(-90, 'must be at least -90').max(90, 'must be at most 90'),
  lng: z.number({ error: 'must be a number' }).min(-180, 'must be at least -180').max(180, 'must be at most 180'),
});

/**
 * The route as its author describes it. Completeness (start, end, at least one street) is the
 * domain's to judge, with the spec's 'Incomplete Information' wording; this only checks shapes.
 */
export const RouteBody = z.object({
  startAddress: z.string({ error: 'Start address is required' }).max(300, 'must be at most 300 characters'),
  endAddress: z.string({ error: 'End address is required' }).max(300, 'must be at most 300 characters'),
  streetNames: z
    .array(z.string().max(120, 'must be at most 120 characters'), { error: 'must be a list of street names' })
    .max(100, 'at most 100 streets'),
  coordinates: z.array(Coordinate, { error: 'must be the calculated route, a list of {lat, lng}' }).max(5000, 'at most 5000 points'),
  region: z.literal(COPPERBELT, { error: `must be ${COPPERBELT}` }).default(COPPERBELT),
});

export const SubmitBody = RouteBody.extend({
  driverId: z.string().max(100, 'must be at most 100 characters').optional().describe("The spec's client sends the contributor's id; it must be your own"),
});

export const VerifyBody = z.object({
  isAccurate: z.boolean({ error: 'isAccurate must be true or false' }),
  driverId: z.string().max(100, 'must be at most 100 characters').optional().describe('When sent, it must be your own id'),
  revision: z.int().min(1).optional().describe('The revision you looked at: a vote on a since-revised route is refused (409)'),
});

export const EncodingParams = z.object({ id: EntityId });
export const AuthorParams = z.object({ driverId: EntityId });
export const PendingQuery = z.object({ limit: limitQuery(50, 200) });

export const RouteEncoding = z.object({
  id: z.string(),
  authorId: z.string(),
  startAddress: z.string(),
  endAddress: z.string(),
  streetNames: z.array(z.string()),
  coordinates: z.array(Coordinate),
  region: z.string(),
  revision: z.int(),
  verifications: z.int().describe('Accurate votes on the current revision'),
  verificationsRequired: z.literal(ACCURATE_VOTES_TO_VERIFY).describe('Shown as n/4'),
  needsFixVotes: z.int(),
  verificationStatus: z.enum(['pending', 'verified', 'needs_fix']),
  createdAt: Instant,
  updatedAt: Instant,
  verifiedAt: Instant.nullable(),
});

export const RouteEncodingList = z.object({ encodings: z.array(RouteEncoding) });

/** An encoding as the write that just changed it left it (the lists catch up a moment later). */
export const RouteEncodingWritten = RouteEncoding.omit({ createdAt: true, updatedAt: true, verifiedAt: true });

export const ContributionStats = z.object({
  routesEncoded: z.int(),
  verifiedRoutes: z.int(),
  verificationsGiven: z.int(),
  verificationsReceived: z.int(),
  streetsMapped: z.int(),
});

// — the same shapes as types: answers as the client receives them, requests (Body, Query, Params) as it sends them —

export type RouteBody = z.input<typeof RouteBody>;
export type SubmitBody = z.input<typeof SubmitBody>;
export type VerifyBody = z.input<typeof VerifyBody>;
export type EncodingParams = z.input<typeof EncodingParams>;
export type AuthorParams = z.input<typeof AuthorParams>;
export type PendingQuery = z.input<typeof PendingQuery>;
export type RouteEncoding = z.infer<typeof RouteEncoding>;
export type RouteEncodingList = z.infer<typeof RouteEncodingList>;
export type RouteEncodingWritten = z.infer<typeof RouteEncodingWritten>;
export type ContributionStats = z.infer<typeof ContributionStats>;
