import type { ColumnType, Insertable, Selectable } from 'kysely';

/** One row per stream: which streams exist, of which category, how busy, and since when. */
export interface StreamCatalogueTable {
  stream_name: string;
  /** The part before the first '-' (`ride-42` → `ride`), as EventStoreDB's $ce- streams use. */
  category: string;
  event_count: number;
  last_event_type: string;
  /** bigint: read back as a string. */
  last_revision: ColumnType<string, string, string>;
  first_event_at: Date;
  last_event_at: Date;
}

export type StreamCatalogueRow = Selectable<StreamCatalogueTable>;
export type InsertableStreamCatalogueRow = Insertable<StreamCatalogueTable>;

export interface StreamCatalogueTables {
  rm_stream_catalogue: StreamCatalogueTable;
}
