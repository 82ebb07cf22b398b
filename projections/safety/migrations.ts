import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/** Frozen in time: a later change is a new migration, never an edit. */
export const safetyMigrations: Record<string, Migration> = {
  '2026-11-26T00-00_safety': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('rm_incidents')
        .addColumn('incident_id', 'text', (column) => column.primaryKey())
        .addColumn('ride_id', 'text', (column) => column.notNull())
        .addColumn('number', 'integer', (column) => column.notNull())
        .addColumn('status', 'text', (column) => column.notNull())
        .addColumn('causes', 'jsonb', (column) => column.notNull())
        .addColumn('alert_count', 'integer', (column) => column.notNull())
        .addColumn('raised_at', 'timestamptz', (column) => column.notNull())
        .addColumn('last_alerted_at', 'timestamptz', (column) => column.notNull())
        .addColumn('acknowledged_by', 'text')
        .addColumn('acknowledged_at', 'timestamptz')
        .addColumn('seconds_to_acknowledge', 'integer')
        .addColumn('resolved_by', 'text')
        .addColumn('resolved_at', 'timestamptz')
        .addColumn('outcome', 'text')
        .addColumn('note', 'text')
        .execute();
      await db.schema.createIndex('rm_incidents_by_status').on('rm_incidents').columns(['status', 'raised_at']).execute();
      await db.schema.createIndex('rm_incidents_by_ride').on('rm_incidents').column('ride_id').execute();
      await db.schema
        .createTable('rm_trusted_contacts')
        .addColumn('contact_id', 'text', (column) => column.primaryKey())
        .addColumn('rider_id', 'text', (column) => column.notNull())
        .addColumn('name', 'text', (column) => column.notNull())
        .addColumn('relationship', 'text')
        .addColumn('phone', 'text', (column) => column.notNull())
        .addColumn('added_at', 'timestamptz', (column) => column.notNull())
        .execute();
      await db.schema.createIndex('rm_trusted_contacts_by_rider').on('rm_trusted_contacts').column('rider_id').execute();
      await db.schema
        .createTable('rm_ride_messages')
        .addColumn('message_id', 'text', (column) => column.primaryKey())
        .addColumn('ride_id', 'text', (column) => column.notNull())
        .addColumn('seq', 'integer', (column) => column.notNull())
        .addColumn('sender', 'text', (column) => column.notNull())
        .addColumn('sender_user_id', 'text', (column) => column.notNull())
        .addColumn('text', 'text', (column) => column.notNull())
        .addColumn('sent_at', 'timestamptz', (column) => column.notNull())
        .addUniqueConstraint('rm_ride_messages_seq', ['ride_id', 'seq'])
        .execute();
      await db.schema
        .createTable('rm_ride_message_reads')
        .addColumn('ride_id', 'text', (column) => column.notNull())
        .addColumn('party', 'text', (column) => column.notNull())
        .addColumn('read_up_to_seq', 'integer', (column) => column.notNull())
        .addPrimaryKeyConstraint('rm_ride_message_reads_pkey', ['ride_id', 'party'])
        .execute();
      await db.schema
        .createTable('rm_share_links')
        .addColumn('token_hash', 'text', (column) => column.primaryKey())
        .addColumn('ride_id', 'text', (column) => column.notNull())
        .addColumn('share_id', 'text', (column) => column.notNull())
        .addColumn('status', 'text', (column) => column.notNull())
        .addColumn('started_at', 'timestamptz', (column) => column.notNull())
        .execute();
    },
    async down(db: Kysely<any>) {
      for (const table of ['rm_share_links', 'rm_ride_message_reads', 'rm_ride_messages', 'rm_trusted_contacts', 'rm_incidents']) {
        await db.schema.dropTable(table).execute();
      }
    },
  },
};
