/**
 * The kinds of entry on the admin dashboard's Recent Activity: the read model
 * (projections/adminActivity) files events under them, the wire (contract/admin.ts) names them.
 */
export const activityKinds = [
  'ride_requested',
  'ride_assigned',
  'ride_completed',
  'ride_cancelled',
  'ride_expired',
  'driver_applied',
  'driver_approved',
  'driver_rejected',
  'driver_suspended',
  'driver_reinstated',
  'settings_changed',
] as const;
export type ActivityKind = (typeof activityKinds)[number];
