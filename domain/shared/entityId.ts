import { z } from 'zod';
import { ENTITY_ID_MAX_LENGTH, ENTITY_ID_PATTERN } from './entityIdRule.js';

/**
 * Ids that end up in stream names (`ride-<id>`, `driver-<id>`, `bid-<rideId>_<driverId>`), so
 * they keep to the store's id alphabet: bad input is refused where it arrives, naming the field,
 * rather than by the store.
 */
export const entityIdSchema = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(ENTITY_ID_MAX_LENGTH, `must be at most ${ENTITY_ID_MAX_LENGTH} characters`)
  .regex(ENTITY_ID_PATTERN, 'may hold only letters, digits and _ . : -');
