import { sql } from 'kysely';
import { defineProjection } from '../runner/projection.js';
import { streamPrefixes } from '../shared/storedEvents.js';
import { upsertRows } from '../shared/upsert.js';
import { activityOf, platformSettingsPrefix } from './activityOf.js';
import { adminActivityMigrations } from './migrations.js';
import type { AdminActivityTables, NewAdminActivityRow } from './adminActivity.table.js';

/** How many entries the feed keeps: the dashboard shows the latest few; older ones are in the event store. */
export const ACTIVITY_KEPT = 1000;

/**
 * A page's rows less those the trim below would delete at once: the page comes in `$all` order, so
 * its newest rows are its last ones, and a row with ACTIVITY_KEPT rows of the page after it can
 * never be kept (a rebuild's page of 5,000 events writes 1,000 rows, not all it makes).
 */
export function newestOf(rows: NewAdminActivityRow[]): NewAdminActivityRow[] {
  return rows.length <= ACTIVITY_KEPT ? rows : rows.slice(-ACTIVITY_KEPT);
}

export const adminActivityProjection = defineProjection<AdminActivityTables>({
  name: 'adminActivity',
  // 2: rows keep their event's `$all` position, the feed's order.
  version: 2,
  filter: { streamNamePrefixes: [streamPrefixes.ride, streamPrefixes.driverVerification, platformSettingsPrefix] },
  tables: ['rm_admin_activity'],
  migrations: adminActivityMigrations,
  async handle(trx, events) {
    const rows = newestOf(events.map(activityOf).filter((row) => row !== null));
    if (rows.length === 0) return;
    // Keyed by event id: an event applied again (a replayed batch) changes nothing.
    await upsertRows(trx, 'rm_admin_activity', rows, { key: ['event_id'], onConflict: 'keep' });
    await sql`
      DELETE FROM rm_admin_activity WHERE event_id IN (
        SELECT event_id FROM rm_admin_activity ORDER BY position_commit DESC, position_prepare DESC OFFSET ${ACTIVITY_KEPT}
      )`.execute(trx);
  },
});
