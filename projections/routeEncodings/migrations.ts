import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/** Frozen in time: a later change is a new migration, never an edit. */
export const routeEncodingsMigrations: Record<string, Migration> = {
  '2026-11-24T00-00_route_encodings': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('rm_route_encodings')
        .addColumn('encoding_id', 'text', (column) => column.primaryKey())
        .addColumn('author_id', 'text', (column) => column.notNull())
        .addColumn('start_address', 'text', (column) => column.notNull())
        .addColumn('end_address', 'text', (column) => column.notNull())
        .addColumn('street_names', 'jsonb', (column) => column.notNull())
        .addColumn('street_count', 'integer', (column) => column.notNull())
        .addColumn('coordinates', 'jsonb', (column) => column.notNull())
        .addColumn('region', 'text', (column) => column.notNull())
        .addColumn('revision', 'integer', (column) => column.notNull())
        .addColumn('accurate_votes', 'integer', (column) => column.notNull())
        .addColumn('needs_fix_votes', 'integer', (column) => column.notNull())
        .addColumn('status', 'text', (column) => column.notNull())
        .addColumn('created_at', 'timestamptz', (column) => column.notNull())
        .addColumn('updated_at', 'timestamptz', (column) => column.notNull())
        .addColumn('verified_at', 'timestamptz')
        .addColumn('last_revision', 'bigint', (column) => column.notNull())
        .execute();
      await db.schema.createIndex('rm_route_encodings_by_author').on('rm_route_encodings').columns(['author_id', 'created_at desc']).execute();
      await db.schema
        .createIndex('rm_route_encodings_pending')
        .on('rm_route_encodings')
        .columns(['created_at desc'])
        .where(sql.ref('status'), '=', 'pending')
        .execute();
      await db.schema
        .createTable('rm_route_encoding_votes')
        .addColumn('encoding_id', 'text', (column) => column.notNull())
        .addColumn('revision', 'integer', (column) => column.notNull())
        .addColumn('contributor_id', 'text', (column) => column.notNull())
        .addColumn('is_accurate', 'boolean', (column) => column.notNull())
        .addColumn('recorded_at', 'timestamptz', (column) => column.notNull())
        .addPrimaryKeyConstraint('rm_route_encoding_votes_pk', ['encoding_id', 'revision', 'contributor_id'])
        .execute();
      await db.schema.createIndex('rm_route_encoding_votes_by_contributor').on('rm_route_encoding_votes').column('contributor_id').execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('rm_route_encoding_votes').execute();
      await db.schema.dropTable('rm_route_encodings').execute();
    },
  },
};
