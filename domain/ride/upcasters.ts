import { z } from 'zod';
import type { UpcasterRegistry } from '../upcasting/upcasterRegistry.js';
import { cancellableStageSchema } from './values.js';

/** RideCancelled v1, frozen as it was stored: the reason was free text only. */
export const rideCancelledV1Data = z.object({
  rideId: z.string(),
  by: z.enum(['rider', 'driver', 'admin', 'system']),
  byUserId: z.string(),
  reason: z.string(),
  stage: cancellableStageSchema,
  cancelledAt: z.string(),
});

/**
 * v1 → v2: declining every bid always recorded the reason `declined_all_bids`; any other v1 text
 * was typed or chosen in the canceller's language and is kept as the text, under `other`.
 */
export function registerRideUpcasters(registry: UpcasterRegistry): UpcasterRegistry {
  return registry.register('RideCancelled', 1, 2, (data) => {
    const v1 = rideCancelledV1Data.parse(data);
    return { ...v1, reasonCode: v1.reason === 'declined_all_bids' ? 'declined_all_bids' : 'other' };
  });
}
