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
  '2026-12-21T00-00_admin_activity_position': {
    // The feed orders by `$all` position. The rows kept so far have none: they go, and version 2
    // of the projection replays them with it.
    async up(db: Kysely<any>) {
      await sql`TRUNCATE rm_admin_activity`.execute(db);
      await db.schema
        .alterTable('rm_admin_activity')
        .addColumn('position_commit', 'bigint', (column) => column.notNull())
        .addColumn('position_prepare', 'bigint', (column) => column.notNull())
        .execute();
      await db.schema.dropIndex('rm_admin_activity_newest').execute();
      await db.schema
        .createIndex('rm_admin_activity_newest')
        .on('rm_admin_activity')
        .columns(['position_commit desc', 'position_prepare desc'])
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropIndex('rm_admin_activity_newest').execute();
      await db.schema.alterTable('rm_admin_activity').dropColumn('position_commit').dropColumn('position_prepare').execute();
      await db.schema.createIndex('rm_admin_activity_newest').on('rm_admin_activity').columns(['at desc', 'event_id desc']).execute();
    },
  },
};
