import { sql, type RawBuilder } from 'kysely';
import type { RecordedEvent } from '../../platform/eventStore/port.js';
import { defineProjection } from '../runner/projection.js';
import { upsertRows } from '../shared/upsert.js';
import { streamCatalogueMigrations } from './migrations.js';
import type { InsertableStreamCatalogueRow, StreamCatalogueTables } from './streamCatalogue.table.js';

/** `ride-42` → `ride`. (EventStoreDB's own streams, such as `$stats`, have no dash: their name is their category.) */
export function categoryOf(streamName: string): string {
  const dash = streamName.indexOf('-');
  return dash > 0 ? streamName.slice(0, dash) : streamName;
}

/** A batch folded to one row per stream, so the upsert touches each row once. */
export function summariseByStream(events: readonly RecordedEvent[]): InsertableStreamCatalogueRow[] {
  const rows = new Map<string, InsertableStreamCatalogueRow & { revision: bigint }>();
  for (const event of events) {
    const row = rows.get(event.streamName);
    if (!row) {
      rows.set(event.streamName, {
        stream_name: event.streamName,
        category: categoryOf(event.streamName),
        event_count: 1,
        last_event_type: event.type,
        last_revision: event.revision.toString(),
        revision: event.revision,
        first_event_at: event.created,
        last_event_at: event.created,
      });
      continue;
    }
    row.event_count += 1;
    if (event.created < row.first_event_at) row.first_event_at = event.created;
    if (event.revision > row.revision) {
      row.revision = event.revision;
      row.last_revision = event.revision.toString();
      row.last_event_type = event.type;
      row.last_event_at = event.created;
    }
  }
  return [...rows.values()].map(({ revision: _revision, ...row }) => row);
}

// `$all` order is commit order; the stream's own order is its revision. "Last" follows the
// revision, so the row is right even if two appends to a stream commit out of xid order.
const newer = sql`excluded.last_revision > rm_stream_catalogue.last_revision`;
function latest(column: 'last_event_type' | 'last_revision' | 'last_event_at'): RawBuilder<unknown> {
  return sql`CASE WHEN ${newer} THEN ${sql.ref(`excluded.${column}`)} ELSE ${sql.ref(`rm_stream_catalogue.${column}`)} END`;
}

export const streamCatalogueProjection = defineProjection<StreamCatalogueTables>({
  name: 'streamCatalogue',
  tables: ['rm_stream_catalogue'],
  migrations: streamCatalogueMigrations,
  async handle(trx, events) {
    await upsertRows(trx, 'rm_stream_catalogue', summariseByStream(events), {
      key: ['stream_name'],
      onConflict: {
        set: {
          event_count: sql`rm_stream_catalogue.event_count + excluded.event_count`,
          first_event_at: sql`LEAST(rm_stream_catalogue.first_event_at, excluded.first_event_at)`,
          last_event_type: latest('last_event_type'),
          last_revision: latest('last_revision'),
          last_event_at: latest('last_event_at'),
        },
      },
    });
  },
});
