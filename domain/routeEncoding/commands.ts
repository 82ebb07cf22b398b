import { z } from 'zod';
import { commandSchema, nonBlank } from '../shared/command.js';
import { routeInputSchema } from './route.js';

export const submitRouteEncoding = commandSchema(
  'SubmitRouteEncoding',
  routeInputSchema.extend({ encodingId: nonBlank }),
);

/** Only the author revises; a revision starts a fresh round of votes. */
export const reviseRouteEncoding = commandSchema(
  'ReviseRouteEncoding',
  routeInputSchema.extend({ encodingId: nonBlank }),
);

export const verifyRouteEncoding = commandSchema(
  'VerifyRouteEncoding',
  z.object({
    encodingId: nonBlank,
    isAccurate: z.boolean(),
    /** The revision the contributor looked at; when given, a vote on a since-revised route is refused. */
    revision: z.int().min(1).optional(),
  }),
);

export const routeEncodingCommandSchema = z.discriminatedUnion('type', [
  submitRouteEncoding,
  reviseRouteEncoding,
  verifyRouteEncoding,
]);
export type RouteEncodingCommand = z.input<typeof routeEncodingCommandSchema>;
