import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/** Frozen in time: a later change is a new migration, never an edit. */
export const adminActivityMigrations: Record<string, Migration> = {
  '2026-12-01T00-00_admin_activity': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('rm_admin_activity')
        .addColumn('event_id', 'text', (column) => column.primaryKey())
        .addColumn('at', 'timestamptz', (column) => column.notNull())
        .addColumn('kind', 'text', (column) => column.notNull())
        .addColumn('actor_user_id', 'text')
        .addColumn('actor_role', 'text')
        .addColumn('subject_type', 'text', (column) => column.notNull())
        .addColumn('subject_id', 'text', (column) => column.notNull())
        .addColumn('details', 'jsonb', (column) => column.notNull().defaultTo(sql`'{}'::jsonb`))
        .execute();
      await db.schema.createIndex('rm_admin_activity_newest').on('rm_admin_activity').columns(['at desc', 'event_id desc']).execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('rm_admin_activity').execute();
    },
  },
};
