import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { ensureAnalystAccess, lusakaDaySql, publishView } from '../shared/analystAccess.js';
import { createRideFactTable } from '../shared/rideFacts.js';

/** Frozen in time: a later change is a new migration, never an edit. */
export const cancellationsMigrations: Record<string, Migration> = {
  '2026-12-10T00-00_analytics_cancellations': {
    async up(db: Kysely<any>) {
      await createRideFactTable(db, 'rm_analytics_cancellations')
        .addColumn('cancelled_at', 'timestamptz')
        .addColumn('cancelled_by', 'text')
        .addColumn('reason_code', 'text')
        .addColumn('reason', 'text')
        .addColumn('stage', 'text')
        .execute();
      await ensureAnalystAccess(db);
      await publishView(
        db,
        'cancellations',
        'Cancelled rides per Lusaka day of cancellation, city, vehicle type, reason code, stage (the ride state when cancelled) and who cancelled.',
        `SELECT ${lusakaDaySql('cancelled_at')} AS day, city, vehicle_type, reason_code, stage, cancelled_by,
                count(*)::int AS cancellations
           FROM rm_analytics_cancellations
          WHERE cancelled_at IS NOT NULL
          GROUP BY 1, 2, 3, 4, 5, 6`,
      );
    },
    async down(db: Kysely<any>) {
      await db.schema.dropView('analytics.cancellations').execute();
      await db.schema.dropTable('rm_analytics_cancellations').execute();
    },
  },
};
