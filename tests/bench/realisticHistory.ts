import type pg from 'pg';
import { START, type EventStore, type RecordedEvent } from '../../platform/eventStore/port.js';
import { recordAnalyticsHistory } from '../support/analyticsHistory.js';

/**
 * Fills the store with real histories for the full-rebuild benchmark: one day on the Copperbelt
 * made by the domain deciders (tests/support/analyticsHistory.ts: drivers approved and online,
 * fixed-price and bidding rides, cancellations, expiries, ratings), then that day's ride and bid
 * streams copied under fresh ids until the store holds `target` events. The drivers stay the same
 * four, as a busy day's rides would. Copies are inserted in `$all` order in bulk (not measured).
 */
export async function fillWithRideHistories(store: EventStore, pool: pg.Pool, target: number): Promise<void> {
  const before = await count(pool);
  await recordAnalyticsHistory(store);
  const template = (await readAllAfterCount(store)).slice(before).filter((event) => /^(ride|bid)-/.test(event.streamName));
  if (template.length === 0) throw new Error('the ride history recorded no ride or bid events');
  const ids = [...new Set(template.map((event) => event.streamName.slice(event.streamName.indexOf('-') + 1)))];
  let copy = 0;
  while ((await count(pool)) < target) {
    copy += 1;
    const rows = template.map((event) => cloneOf(event, ids, copy));
    await insertInOrder(pool, rows);
  }
}

async function count(pool: pg.Pool): Promise<number> {
  return Number((await pool.query<{ n: string }>('SELECT count(*) AS n FROM es_events')).rows[0]!.n);
}

async function readAllAfterCount(store: EventStore): Promise<RecordedEvent[]> {
  const events: RecordedEvent[] = [];
  let position = START;
  for (;;) {
    const page = await store.readAll({ fromPosition: position, maxCount: 1000 });
    events.push(...page.events);
    position = page.nextPosition;
    if (page.isEndOfAll) return events;
  }
}

interface Row {
  stream: string;
  revision: string;
  id: string;
  type: string;
  data: string;
  metadata: string;
}

/** The event with every ride and bid id of the template renamed for copy `n` (in its stream name and its data). */
function cloneOf(event: RecordedEvent, ids: readonly string[], n: number): Row {
  let data = JSON.stringify(event.data);
  let metadata = JSON.stringify(event.metadata);
  for (const id of ids) {
    if (!data.includes(id) && !metadata.includes(id)) continue;
    data = data.split(`"${id}"`).join(`"${id}~${n}"`).split(`-${id}"`).join(`-${id}~${n}"`);
    metadata = metadata.split(`"${id}"`).join(`"${id}~${n}"`);
  }
  return {
    stream: `${event.streamName}~${n}`,
    revision: event.revision.toString(),
    id: crypto.randomUUID(),
    type: event.type,
    data,
    metadata,
  };
}

async function insertInOrder(pool: pg.Pool, rows: readonly Row[]): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query(
      `INSERT INTO es_events (stream_name, stream_revision, event_id, event_type, data, metadata)
       SELECT s, r, i, t, d::jsonb, m::jsonb
         FROM unnest($1::text[], $2::bigint[], $3::uuid[], $4::text[], $5::text[], $6::text[]) WITH ORDINALITY AS x(s, r, i, t, d, m, o)
        ORDER BY o`,
      [rows.map((r) => r.stream), rows.map((r) => r.revision), rows.map((r) => r.id), rows.map((r) => r.type), rows.map((r) => r.data), rows.map((r) => r.metadata)],
    );
    await client.query(
      `INSERT INTO es_streams (stream_name, revision)
       SELECT stream_name, max(stream_revision) FROM unnest($1::text[], $2::bigint[]) AS x(stream_name, stream_revision) GROUP BY stream_name`,
      [rows.map((r) => r.stream), rows.map((r) => r.revision)],
    );
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}
