import { sql } from 'kysely';
import { defineProjection } from '../runner/projection.js';
import { streamPrefixes } from '../shared/storedEvents.js';
import { activityOf, platformSettingsPrefix } from './activityOf.js';
import { adminActivityMigrations } from './migrations.js';
import type { AdminActivityTables } from './adminActivity.table.js';

/** How many entries the feed keeps: the dashboard shows the latest few; older ones are in the event store. */
export const ACTIVITY_KEPT = 1000;

export const adminActivityProjection = defineProjection<AdminActivityTables>({
  name: 'adminActivity',
  filter: { streamNamePrefixes: [streamPrefixes.ride, streamPrefixes.driverVerification, platformSettingsPrefix] },
  tables: ['rm_admin_activity'],
  migrations: adminActivityMigrations,
  async handle(trx, events) {
    const rows = events.map(activityOf).filter((row) => row !== null);
    if (rows.length === 0) return;
    // Keyed by event id: an event applied again (a replayed batch) changes nothing.
    await trx.insertInto('rm_admin_activity').values(rows).onConflict((oc) => oc.column('event_id').doNothing()).execute();
    await sql`
      DELETE FROM rm_admin_activity WHERE event_id IN (
        SELECT event_id FROM rm_admin_activity ORDER BY at DESC, event_id DESC OFFSET ${ACTIVITY_KEPT}
      )`.execute(trx);
  },
});
