import type { Kysely } from 'kysely';
import type { StreamCatalogueRow, StreamCatalogueTables } from './streamCatalogue.table.js';

type Db = Kysely<StreamCatalogueTables>;

export async function findStream(db: Db, streamName: string): Promise<StreamCatalogueRow | undefined> {
  return db.selectFrom('rm_stream_catalogue').selectAll().where('stream_name', '=', streamName).executeTakeFirst();
}

/** A page of streams in name order; pass the last name seen as `after` for the next page. */
export async function listStreams(
  db: Db,
  options: { category?: string; after?: string; limit?: number } = {},
): Promise<StreamCatalogueRow[]> {
  const limit = options.limit ?? 50;
  if (!Number.isInteger(limit) || limit < 1 || limit > 1000) throw new RangeError('limit: must be an integer from 1 to 1000');
  let query = db.selectFrom('rm_stream_catalogue').selectAll().orderBy('stream_name').limit(limit);
  if (options.category !== undefined) query = query.where('category', '=', options.category);
  if (options.after !== undefined) query = query.where('stream_name', '>', options.after);
  return query.execute();
}

export interface CategorySummary {
  category: string;
  streams: number;
  events: number;
  lastEventAt: Date;
}

export async function summariseCategories(db: Db): Promise<CategorySummary[]> {
  const rows = await db
    .selectFrom('rm_stream_catalogue')
    .select((eb) => [
      'category',
      eb.fn.countAll<string>().as('streams'),
      eb.fn.sum<string>('event_count').as('events'),
      eb.fn.max('last_event_at').as('last_event_at'),
    ])
    .groupBy('category')
    .orderBy('category')
    .execute();
  return rows.map((row) => ({
    category: row.category,
    streams: Number(row.streams),
    events: Number(row.events),
    lastEventAt: row.last_event_at,
  }));
}
