/**
 * Status names as the spec puts them on the wire; `pending` is the `requested` state. Plain data
 * (no zod), so the web's route matching can read it on the first page; values.ts holds the schema.
 */
export const rideWireStatuses = [
  'scheduled',
  'pending',
  'accepted',
  'arrived',
  'in_progress',
  'completed',
  'cancelled',
  'expired',
] as const;
export type RideWireStatus = (typeof rideWireStatuses)[number];
