import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/** Frozen in time: a later change is a new migration, never an edit. */
export const streamCatalogueMigrations: Record<string, Migration> = {
  '2026-11-23T00-00_stream_catalogue': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('rm_stream_catalogue')
        .addColumn('stream_name', 'text', (column) => column.primaryKey())
        .addColumn('category', 'text', (column) => column.notNull())
        .addColumn('event_count', 'integer', (column) => column.notNull())
        .addColumn('last_event_type', 'text', (column) => column.notNull())
        .addColumn('last_revision', 'bigint', (column) => column.notNull())
        .addColumn('first_event_at', 'timestamptz', (column) => column.notNull())
        .addColumn('last_event_at', 'timestamptz', (column) => column.notNull())
        .execute();
      await db.schema
        .createIndex('rm_stream_catalogue_by_category')
        .on('rm_stream_catalogue')
        .columns(['category', 'stream_name'])
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('rm_stream_catalogue').execute();
    },
  },
};
