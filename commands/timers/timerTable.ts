import { sql, type ColumnType, type Generated, type Kysely, type Selectable } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { TimerKind } from './timerPayloads.js';

export const timerStatuses = ['pending', 'done', 'refused', 'failed'] as const;
export type TimerStatus = (typeof timerStatuses)[number];

/**
 * Durable timers: what the platform must do, and when. `pending` until fired; then `done` (the
 * command was applied, or had been), `refused` (the lifecycle said no, as it should when the ride
 * was taken or cancelled meanwhile), or `failed` (transient errors outlasted the retries).
 */
export interface TimerTable {
  /** Derived from the event that scheduled it: scheduling twice gives the same timer. Also the command id. */
  id: string;
  due_at: Date;
  kind: TimerKind;
  payload: ColumnType<Record<string, unknown>, string, string>;
  status: ColumnType<TimerStatus, TimerStatus | undefined, TimerStatus>;
  attempts: ColumnType<number, number | undefined, number>;
  last_error: string | null;
  /** Not before this, after a transient failure (backing off). */
  retry_at: Date | null;
  fired_at: Date | null;
  correlation_id: string | null;
  causation_id: string | null;
  created_at: Generated<Date>;
}

export type TimerRow = Selectable<TimerTable>;

export interface TimerTables {
  timers: TimerTable;
}

export const timerMigrations: Record<string, Migration> = {
  '2026-11-24T00-00_timers': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('timers')
        .addColumn('id', 'uuid', (column) => column.primaryKey())
        .addColumn('due_at', 'timestamptz', (column) => column.notNull())
        .addColumn('kind', 'text', (column) => column.notNull())
        .addColumn('payload', 'jsonb', (column) => column.notNull())
        .addColumn('status', 'text', (column) => column.notNull().defaultTo('pending').check(sql`status IN ('pending', 'done', 'refused', 'failed')`))
        .addColumn('attempts', 'integer', (column) => column.notNull().defaultTo(0))
        .addColumn('last_error', 'text')
        .addColumn('retry_at', 'timestamptz')
        .addColumn('fired_at', 'timestamptz')
        .addColumn('correlation_id', 'text')
        .addColumn('causation_id', 'text')
        .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
        .execute();
      await db.schema.createIndex('timers_due').on('timers').column('due_at').where(sql.ref('status'), '=', 'pending').execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('timers').execute();
    },
  },
};
