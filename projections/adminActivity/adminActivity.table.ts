import type { ColumnType, Selectable } from 'kysely';
import type { JsonRow } from '../shared/upsert.js';

export { activityKinds, type ActivityKind } from '../../domain/adminActivity/index.js';
import type { ActivityKind } from '../../domain/adminActivity/index.js';

export type ActivitySubjectType = 'ride' | 'driver' | 'settings';

/** What an entry says beyond its kind, each part optional: a reason, a fare, the settings changed, the vehicle. */
export interface ActivityDetails {
  reason?: string;
  cancelledBy?: string;
  fareNgwee?: number;
  changed?: string[];
  vehicleType?: string;
}

/**
 * The latest notable events for the admin dashboard's Recent Activity, one row per event (its
 * event id), newest kept: rides booked, assigned, finished; driver decisions; settings changes.
 * Names and addresses are not copied here: the query joins them from where they are kept.
 */
export interface AdminActivityTable {
  event_id: string;
  at: Date;
  /**
   * The event's place in `$all` (its position's commit and prepare parts, bigints read back as
   * strings): the feed's order. Events stored in one instant (one append) tie on `at`; their
   * position still tells which came first, in either event store.
   */
  position_commit: ColumnType<string, string, string>;
  position_prepare: ColumnType<string, string, string>;
  kind: ActivityKind;
  actor_user_id: string | null;
  actor_role: string | null;
  subject_type: ActivitySubjectType;
  subject_id: string;
  details: ColumnType<ActivityDetails, string, string>;
}

export type AdminActivityRow = Selectable<AdminActivityTable>;
export type NewAdminActivityRow = JsonRow<AdminActivityTable>;

export interface AdminActivityTables {
  rm_admin_activity: AdminActivityTable;
}
