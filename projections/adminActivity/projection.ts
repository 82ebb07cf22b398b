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
 * A page's rows less those the trim below would delete at once: a row with ACTIVITY_KEPT rows of
 * the same page newer than it can never be kept (a rebuild's page of 5,000 events writes 1,000
 * rows, not all it makes). Rows as new as the last one kept all stay, whatever their ids: the trim orders ties by
 * event id in the database's collation, and decides among them.
 */
export function newestOf(rows: NewAdminActivityRow[]): NewAdminActivityRow[] {
  if (rows.length <= ACTIVITY_KEPT) return rows;
  const times = rows.map((row) => row.at.getTime()).sort((a, b) => b - a);
  const oldestKept = times[ACTIVITY_KEPT - 1]!;
  return rows.filter((row) => row.at.getTime() >= oldestKept);
}

export const adminActivityProjection = defineProjection<AdminActivityTables>({
  name: 'adminActivity',
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
        SELECT event_id FROM rm_admin_activity ORDER BY at DESC, event_id DESC OFFSET ${ACTIVITY_KEPT}
      )`.execute(trx);
  },
});
