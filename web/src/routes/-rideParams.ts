import { notFound } from '@tanstack/react-router';
import { asEntityId } from '../../../domain/shared/entityIdRule.js';

/**
 * A ride id in the path, validated where the route matches (TanStack Router's `params.parse`):
 * an id the server could never have issued (domain/shared/entityIdRule.ts, the rule behind contract/primitives.ts EntityId) is "Ride not found"
 * at once, so no screen or request ever sees it.
 */
export const rideIdParams = {
  parse: ({ rideId }: { rideId: string }): { rideId: string } => {
    const id = asEntityId(rideId);
    if (!id) throw notFound();
    return { rideId: id };
  },
  stringify: ({ rideId }: { rideId: string }) => ({ rideId }),
};
