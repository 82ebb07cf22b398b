import { z } from 'zod';
import { eventSchema, instantSchema, nonBlank } from '../shared/command.js';
import { COPPERBELT, coordinateSchema } from './route.js';
import { streamName } from '../streams.js';

export const routeEncodingStream = (encodingId: string) => streamName('routeEncoding', encodingId);

const recordedRoute = {
  startAddress: nonBlank,
  endAddress: nonBlank,
  streetNames: z.array(nonBlank).min(1),
  coordinates: z.array(coordinateSchema).min(2),
};

/** v2: streetNames is a list. (v1 carried them as one comma-separated string; see upcasters.ts.) */
export const routeEncodingSubmitted = eventSchema(
  'RouteEncodingSubmitted',
  z.object({
    encodingId: nonBlank,
    authorId: nonBlank,
    ...recordedRoute,
    region: z.literal(COPPERBELT),
    submittedAt: instantSchema,
  }),
);

/** The author's new revision of the route; the votes on the previous revision no longer count. */
export const routeEncodingRevised = eventSchema(
  'RouteEncodingRevised',
  z.object({ encodingId: nonBlank, revision: z.int().min(2), ...recordedRoute, revisedAt: instantSchema }),
);

/** One contributor's verdict on one revision. */
export const routeVerificationRecorded = eventSchema(
  'RouteVerificationRecorded',
  z.object({
    encodingId: nonBlank,
    contributorId: nonBlank,
    revision: z.int().min(1),
    isAccurate: z.boolean(),
    recordedAt: instantSchema,
  }),
);

export const routeEncodingVerified = eventSchema(
  'RouteEncodingVerified',
  z.object({ encodingId: nonBlank, revision: z.int().min(1), verifiedAt: instantSchema }),
);

export const routeEncodingMarkedForFix = eventSchema(
  'RouteEncodingMarkedForFix',
  z.object({ encodingId: nonBlank, revision: z.int().min(1), markedAt: instantSchema }),
);

export const routeEncodingEventSchema = z.discriminatedUnion('type', [
  routeEncodingSubmitted,
  routeEncodingRevised,
  routeVerificationRecorded,
  routeEncodingVerified,
  routeEncodingMarkedForFix,
]);
export type RouteEncodingEvent = z.infer<typeof routeEncodingEventSchema>;

export const routeEncodingEventVersions = {
  RouteEncodingSubmitted: 2,
  RouteEncodingRevised: 1,
  RouteVerificationRecorded: 1,
  RouteEncodingVerified: 1,
  RouteEncodingMarkedForFix: 1,
} as const satisfies Record<RouteEncodingEvent['type'], number>;
