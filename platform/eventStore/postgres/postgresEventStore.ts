import { EventEmitter } from 'node:events';
import pg from 'pg';
import { retryDelay } from '../../backoff.js';
import { createKysely } from '../../database/connect.js';
import { migrateToLatest } from '../../database/migrate.js';
import {
  InvalidArgumentError,
  START,
  StreamDeletedError,
  UnavailableError,
  WrongExpectedVersionError,
  type AllFilter,
  type AllPage,
  type AppendResult,
  type EventStore,
  type EventToAppend,
  type ExpectedRevision,
  type ReadAllOptions,
  type ReadStreamOptions,
  type RecordedEvent,
} from '../port.js';
import { splitFilter } from '../filter.js';
import { createAllSubscription } from '../subscription.js';
import {
  serializeEvents,
  validateExpectedRevision,
  type SerializedEvent,
  validateMaxCount,
  validateReadStreamOptions,
  validateStreamName,
} from '../validation.js';
import { eventStoreMigrations } from './migrations.js';

export interface PostgresEventStoreOptions {
  pool: pg.Pool;
  /** How long a caught-up subscription waits for a notification before polling anyway. */
  pollIntervalMs?: number;
}

const NOTIFY_CHANNEL = 'es_events';

/** The connection held for LISTEN, released exactly once. */
interface ListeningClient {
  client: pg.PoolClient;
  release(destroy?: boolean): void;
}
/** Other processes hear of appends at most this much later (this process's subscribers at once). */
const NOTIFY_COALESCE_MS = 15;

export async function migrateEventStore(pool: pg.Pool): Promise<void> {
  const db = createKysely<unknown>(pool);
  await migrateToLatest(db, 'event_store', eventStoreMigrations);
}

/** The event store on PostgreSQL: the default adapter. */
export class PostgresEventStore implements EventStore {
  private readonly pool: pg.Pool;
  private readonly pollIntervalMs: number;
  private readonly wakeups = new EventEmitter().setMaxListeners(0);
  /** News so far (appends here, notifications from elsewhere): a subscription notes it before each read. */
  private newsCount = 0;
  private listener: ListeningClient | undefined;
  private listening: Promise<void> | undefined;
  /** Attempts to LISTEN that failed in a row, and when the next may be made. */
  private listenFailures = 0;
  private nextListenAt = 0;
  private closed = false;
  private notifyTimer: NodeJS.Timeout | undefined;

  constructor(options: PostgresEventStoreOptions) {
    this.pool = options.pool;
    this.pollIntervalMs = options.pollIntervalMs ?? 500;
  }

  async appendToStream(
    streamName: string,
    events: readonly EventToAppend[],
    options: { expectedRevision?: ExpectedRevision } = {},
  ): Promise<AppendResult> {
    validateStreamName(streamName);
    const expected = validateExpectedRevision(options.expectedRevision ?? 'any');
    const serialized = serializeEvents(events);
    if (expected === 'no_stream' || typeof expected === 'bigint') {
      const appended = await this.appendFast(streamName, expected, serialized);
      if (appended) return appended;
    }
    const { rows } = await this.query<{
      outcome: 'ok' | 'idempotent' | 'wrong_expected' | 'deleted';
      revision: string;
      stream_exists: boolean;
      tx: string | null;
      pos: string | null;
    }>(
      'SELECT * FROM es_append($1, $2, $3::uuid[], $4::jsonb)',
      [
        streamName,
        typeof expected === 'bigint' ? expected.toString() : expected,
        serialized.map((e) => e.id),
        batchDocument(serialized),
      ],
    );
    const row = rows[0]!;
    switch (row.outcome) {
      case 'ok':
        this.announceAppend();
        return {
          nextExpectedRevision: BigInt(row.revision),
          position: { commit: BigInt(row.tx!), prepare: BigInt(row.pos!) },
        };
      case 'idempotent':
        return {
          nextExpectedRevision: BigInt(row.revision),
          position: { commit: BigInt(row.tx!), prepare: BigInt(row.pos!) },
        };
      case 'wrong_expected':
        throw new WrongExpectedVersionError(
          streamName,
          expected,
          row.stream_exists ? BigInt(row.revision) : 'no_stream',
        );
      case 'deleted':
        throw new StreamDeletedError(streamName);
      default: {
        const unknown: never = row.outcome;
        throw new Error(`es_append answered ${String(unknown)}`);
      }
    }
  }

  /**
   * The common case in one plain statement (no function call): a new stream, or the exact
   * revision the stream is at. No row back means the case is not that simple — the stream
   * exists, moved on, was deleted, or this is a retry — and es_append decides.
   */
  private async appendFast(
    streamName: string,
    expected: 'no_stream' | bigint,
    serialized: readonly SerializedEvent[],
  ): Promise<AppendResult | undefined> {
    const after = expected === 'no_stream' ? -1n : expected;
    const next = after + BigInt(serialized.length);
    const stream = expected === 'no_stream' ? CREATE_STREAM : ADVANCE_STREAM;
    const params: unknown[] = [streamName, after.toString(), next.toString()];
    let text: string;
    if (serialized.length === 1) {
      const [event] = serialized as [SerializedEvent];
      text = `${stream} ${INSERT_ONE_EVENT}`;
      params.push(event.id, event.type, event.data, event.metadata);
    } else {
      text = `${stream} ${INSERT_EVENT_BATCH}`;
      params.push(serialized.map((e) => e.id), batchDocument(serialized));
    }
    const { rows } = await this.query<EventRow>(text, params);
    if (rows.length === 0) return undefined;
    this.announceAppend();
    const recorded = rows.map(toRecordedEvent).sort((a, b) => (a.revision < b.revision ? -1 : 1));
    const last = recorded.reduce((latest, event) => (event.position.prepare > latest.position.prepare ? event : latest));
    return { nextExpectedRevision: next, position: last.position, recorded };
  }

  async readStream(streamName: string, options?: ReadStreamOptions): Promise<RecordedEvent[]> {
    validateStreamName(streamName);
    const { direction, fromRevision, maxCount } = validateReadStreamOptions(options);
    const forwards = direction === 'forwards';
    const from = fromRevision ?? (forwards ? 'start' : 'end');
    // One round trip: the stream's head (does it exist, is it deleted, where does it start now)
    // and its events from there. A stream with no event in range answers one row of nulls.
    const { rows } = await this.query<StreamReadRow>(
      `SELECT s.tombstoned AS stream_tombstoned, e.* FROM
         (SELECT revision, truncate_before, tombstoned FROM es_streams WHERE stream_name = $1) s
         LEFT JOIN LATERAL (
           SELECT ${EVENT_COLUMNS}, stream_revision AS sort_revision FROM es_events
            WHERE NOT s.tombstoned AND stream_name = $1 AND stream_revision >= s.truncate_before
              AND stream_revision ${forwards ? '>=' : '<='}
                  CASE $2::text WHEN 'start' THEN s.truncate_before WHEN 'end' THEN s.revision ELSE $3::bigint END
            ORDER BY stream_revision ${forwards ? 'ASC' : 'DESC'}
            LIMIT $4) e ON true
        ORDER BY e.sort_revision ${forwards ? 'ASC' : 'DESC'}`,
      [
        streamName,
        typeof from === 'bigint' ? 'at' : from,
        typeof from === 'bigint' ? from.toString() : null,
        Math.min(maxCount, 2 ** 53 - 1),
      ],
    );
    if (rows.length === 0) return [];
    if (rows[0]!.stream_tombstoned) throw new StreamDeletedError(streamName);
    return rows[0]!.event_id === null ? [] : (rows as EventRow[]).map(toRecordedEvent);
  }

  async readAll(options: ReadAllOptions = {}): Promise<AllPage> {
    const from = options.fromPosition ?? START;
    const maxCount = validateMaxCount(options.maxCount, 1000);
    const after = from.commit < 0n ? '' : 'WHERE (transaction_id, global_position) > ($2::text::xid8, $3::bigint)';
    const values: unknown[] = from.commit < 0n ? [maxCount] : [maxCount, from.commit.toString(), from.prepare.toString()];
    // The fence is taken once per statement. Rows past it are committed but wait behind an older
    // transaction still running (its events may yet land before them): they are read only to
    // learn that they exist, so a page never says "end of $all" while committed events wait.
    const visible = 'transaction_id < (SELECT es_visible_before()) AS visible';
    if (!options.filter) {
      const { rows } = await this.query<EventRow & { visible: boolean }>(
        `SELECT ${EVENT_COLUMNS}, ${visible} FROM es_events ${after}
          ORDER BY transaction_id, global_position
          LIMIT $1`,
        values,
      );
      const { page, heldBack } = beforeTheFence(rows);
      const events = page.map(toRecordedEvent);
      return { events, nextPosition: events.at(-1)?.position ?? from, isEndOfAll: rows.length < maxCount && !heldBack, heldBack };
    }
    // The filter runs in SQL: every scanned row comes back (the page must still say how far it
    // scanned), but only a matching row's payload is fetched, sent and decoded.
    const { streamNamePrefixes, eventTypePrefixes } = splitFilter(options.filter);
    values.push(streamNamePrefixes, eventTypePrefixes);
    const streams = `$${values.length - 1}::text[]`;
    const types = `$${values.length}::text[]`;
    const { rows } = await this.query<FilteredEventRow & { visible: boolean }>(
      `SELECT matched AND visible AS matched, visible,
              CASE WHEN matched AND visible THEN event_id END AS event_id, event_type,
              CASE WHEN matched AND visible THEN data END AS data,
              CASE WHEN matched AND visible THEN metadata END AS metadata,
              stream_name, revision_text, commit_text, prepare_text, created
         FROM (SELECT ${EVENT_COLUMNS}, ${visible},
                      (EXISTS (SELECT 1 FROM unnest(${streams}) AS p WHERE starts_with(stream_name, p))
                       OR EXISTS (SELECT 1 FROM unnest(${types}) AS p WHERE starts_with(event_type, p))) AS matched,
                      transaction_id AS tx, global_position AS gp
                 FROM es_events ${after}
                ORDER BY transaction_id, global_position
                LIMIT $1) AS scanned
        ORDER BY tx, gp`,
      values,
    );
    const { page, heldBack } = beforeTheFence(rows);
    const last = page.at(-1);
    return {
      events: page.filter((row) => row.matched).map(toRecordedEvent),
      nextPosition: last ? { commit: BigInt(last.commit_text), prepare: BigInt(last.prepare_text) } : from,
      isEndOfAll: rows.length < maxCount && !heldBack,
      heldBack,
    };
  }

  subscribeToAll(options: Parameters<EventStore['subscribeToAll']>[0] = {}) {
    return createAllSubscription({
      read: (position, filter) => this.readAll({ fromPosition: position, maxCount: 1000, filter }),
      newsSeen: () => this.newsCount,
      waitForNews: (signal, seen, withinMs) => this.waitForNews(signal, seen, withinMs),
      fromPosition: options.fromPosition ?? START,
      filter: options.filter,
      signal: options.signal,
    });
  }

  async deleteStream(streamName: string, options: { expectedRevision?: ExpectedRevision } = {}): Promise<void> {
    await this.markDeleted(streamName, options.expectedRevision ?? 'any', 'soft');
  }

  async tombstoneStream(streamName: string, options: { expectedRevision?: ExpectedRevision } = {}): Promise<void> {
    await this.markDeleted(streamName, options.expectedRevision ?? 'any', 'tombstone');
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.notifyTimer);
    this.wakeups.emit('news');
    const listener = this.listener;
    this.listener = undefined;
    if (listener) {
      await listener.client.query(`UNLISTEN ${NOTIFY_CHANNEL}`).catch(() => {});
      listener.release();
    }
  }

  private async markDeleted(streamName: string, expectedRevision: ExpectedRevision, how: 'soft' | 'tombstone') {
    validateStreamName(streamName);
    const expected = validateExpectedRevision(expectedRevision);
    const client = await this.connect();
    try {
      await client.query('BEGIN');
      const { rows } = await client.query<{ revision: string; truncate_before: string; tombstoned: boolean }>(
        'SELECT revision, truncate_before, tombstoned FROM es_streams WHERE stream_name = $1 FOR UPDATE',
        [streamName],
      );
      const stream = rows[0];
      if (stream?.tombstoned) throw new StreamDeletedError(streamName);
      const revision = stream ? BigInt(stream.revision) : -1n;
      const exists = revision >= 0n && revision >= BigInt(stream?.truncate_before ?? 0);
      const matches =
        expected === 'any' ||
        (expected === 'no_stream' && !exists) ||
        (expected === 'stream_exists' && exists) ||
        expected === revision;
      if (!matches) throw new WrongExpectedVersionError(streamName, expected, exists ? revision : 'no_stream');
      if (how === 'soft') {
        if (stream) {
          await client.query('UPDATE es_streams SET truncate_before = revision + 1 WHERE stream_name = $1', [streamName]);
        }
      } else {
        await client.query(
          `INSERT INTO es_streams (stream_name, revision, tombstoned) VALUES ($1, -1, true)
           ON CONFLICT (stream_name) DO UPDATE SET tombstoned = true`,
          [streamName],
        );
      }
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {});
      throw error;
    } finally {
      client.release();
    }
  }

  /**
   * Wakes subscribers after a committed append: this process's at once, other processes' through
   * one coalesced NOTIFY. A NOTIFY inside every append transaction would serialize commits on
   * PostgreSQL's notification queue lock and halve append throughput; coalesced outside, all the
   * appends of a NOTIFY_COALESCE_MS window cost one. A lost notification only delays: subscribers
   * poll as well.
   */
  private announceAppend(): void {
    this.hearNews();
    if (this.notifyTimer || this.closed) return;
    this.notifyTimer = setTimeout(() => {
      this.notifyTimer = undefined;
      if (this.closed) return;
      void this.pool.query(`SELECT pg_notify('${NOTIFY_CHANNEL}', '')`).catch(() => {});
    }, NOTIFY_COALESCE_MS);
  }

  private hearNews(): void {
    this.newsCount += 1;
    this.wakeups.emit('news');
  }

  /**
   * Resolves on news after `seen` — at once when some came already, as it does when an append
   * commits while the subscription's read is on its way (that read may not show it, and no one
   * would wake the subscription again: its own clients may all be waiting to hear of it) — on a
   * NOTIFY from any append, after the poll interval, or when stopped.
   */
  private async waitForNews(signal: AbortSignal, seen: number, withinMs = this.pollIntervalMs): Promise<void> {
    if (this.closed || signal.aborted || this.newsCount !== seen) return;
    await this.ensureListening().catch(() => {});
    if (this.newsCount !== seen) return;
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wakeups.off('news', done);
        signal.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, withinMs);
      this.wakeups.on('news', done);
      signal.addEventListener('abort', done, { once: true });
    });
  }

  /**
   * LISTENs on a connection of its own, if not already. After a lost connection the next wait tries
   * at once; while that keeps failing, the tries spread out (1 s doubling to 30 s) — subscriptions
   * poll meanwhile, so nothing waits on it but promptness.
   */
  private ensureListening(): Promise<void> {
    if (this.listener || this.closed || Date.now() < this.nextListenAt) return Promise.resolve();
    this.listening ??= (async () => {
      const client = await this.pool.connect();
      const onNotification = () => this.hearNews();
      let released = false;
      // Once, whichever comes first: closing, or the connection failing. Back in the pool the
      // client is the pool's (an idle error there is the pool's to handle, not ours to release).
      const listener: ListeningClient = {
        client,
        release: (destroy = false) => {
          if (released) return;
          released = true;
          client.off('notification', onNotification);
          client.off('error', onError);
          client.release(destroy);
        },
      };
      const onError = () => {
        // The connection dropped: subscriptions keep polling; the next wait listens again.
        if (this.listener === listener) this.listener = undefined;
        listener.release(true);
      };
      client.on('notification', onNotification);
      client.on('error', onError);
      try {
        await client.query(`LISTEN ${NOTIFY_CHANNEL}`);
      } catch (error) {
        listener.release(true);
        throw error;
      }
      if (this.closed) {
        listener.release();
        return;
      }
      this.listener = listener;
    })()
      .then(
        () => {
          this.listenFailures = 0;
        },
        (error: unknown) => {
          this.listenFailures++;
          this.nextListenAt = Date.now() + retryDelay(this.listenFailures, 1_000);
          throw error;
        },
      )
      .finally(() => {
        this.listening = undefined;
      });
    return this.listening;
  }

  /** Each statement is prepared once per connection (named after its text): parsed and planned once. */
  private async query<Row extends pg.QueryResultRow>(text: string, values: unknown[]) {
    try {
      return await this.pool.query<Row>({ name: statementName(text), text, values });
    } catch (error) {
      throw mapPgError(error);
    }
  }

  private async connect(): Promise<pg.PoolClient> {
    try {
      return await this.pool.connect();
    } catch (error) {
      throw mapPgError(error);
    }
  }
}

/**
 * One JSON document for a batch, assembled from the already-serialized parts: cheaper than
 * PostgreSQL array literals, whose quoting of JSON text costs more than the JSON.
 */
function batchDocument(serialized: readonly SerializedEvent[]): string {
  return `[${serialized.map((e) => `{"type":${JSON.stringify(e.type)},"data":${e.data},"metadata":${e.metadata}}`).join(',')}]`;
}

// Read and append answer events in the same columns (see toRecordedEvent).
const EVENT_COLUMNS = `event_id, event_type, data, metadata, stream_name, stream_revision::text AS revision_text,
  transaction_id::text AS commit_text, global_position::text AS prepare_text, created`;

// The fast path's statements: $1 stream, $2 revision before, $3 revision after, then the events.
const CREATE_STREAM = `WITH stream AS (
  INSERT INTO es_streams (stream_name, revision) VALUES ($1, $3) ON CONFLICT (stream_name) DO NOTHING RETURNING stream_name)`;
const ADVANCE_STREAM = `WITH stream AS (
  UPDATE es_streams SET revision = $3 WHERE stream_name = $1 AND revision = $2 AND NOT tombstoned RETURNING stream_name)`;
const INSERT_ONE_EVENT = `
  INSERT INTO es_events (stream_name, stream_revision, event_id, event_type, data, metadata)
  SELECT stream_name, $2::bigint + 1, $4, $5, $6::jsonb, $7::jsonb FROM stream
  RETURNING ${EVENT_COLUMNS}`;
const INSERT_EVENT_BATCH = `
  INSERT INTO es_events (stream_name, stream_revision, event_id, event_type, data, metadata)
  SELECT stream.stream_name, $2::bigint + t.ord, ($4::uuid[])[t.ord], t.e ->> 'type', t.e -> 'data', t.e -> 'metadata'
  FROM stream, jsonb_array_elements($5::jsonb) WITH ORDINALITY AS t(e, ord)
  RETURNING ${EVENT_COLUMNS}`;

// Aliased: an output column named like a table column would win in ORDER BY and sort as text.
const statementNames = new Map<string, string>();
function statementName(text: string): string {
  let name = statementNames.get(text);
  if (!name) statementNames.set(text, (name = `es_${statementNames.size}`));
  return name;
}


interface EventRow {
  event_id: string;
  event_type: string;
  data: RecordedEvent['data'];
  metadata: RecordedEvent['metadata'];
  stream_name: string;
  revision_text: string;
  commit_text: string;
  prepare_text: string;
  created: Date;
}

/** A stream read: the stream's head beside each event, or beside nulls when none is in range. */
type StreamReadRow = { stream_tombstoned: boolean } & ({ [Column in keyof EventRow]: EventRow[Column] | null } | EventRow);

interface FilteredEventRow extends EventRow {
  matched: boolean;
}

/** The rows a page may deliver: those before the fence (rows come in fence order, so a prefix). */
function beforeTheFence<Row extends { visible: boolean }>(rows: Row[]): { page: Row[]; heldBack: boolean } {
  const firstHeld = rows.findIndex((row) => !row.visible);
  return firstHeld < 0 ? { page: rows, heldBack: false } : { page: rows.slice(0, firstHeld), heldBack: true };
}

function toRecordedEvent(row: EventRow): RecordedEvent {
  return {
    id: row.event_id,
    type: row.event_type,
    data: row.data,
    metadata: row.metadata,
    streamName: row.stream_name,
    revision: BigInt(row.revision_text),
    position: { commit: BigInt(row.commit_text), prepare: BigInt(row.prepare_text) },
    created: row.created,
  };
}

const CONNECTION_ERRORS = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'ENOTFOUND', 'EPIPE', '57P01', '57P03', '08006', '08001']);

function mapPgError(error: unknown): unknown {
  const code = (error as { code?: string }).code;
  if (code && CONNECTION_ERRORS.has(code)) {
    return new UnavailableError(`PostgreSQL is unavailable: ${(error as Error).message}`, { cause: error });
  }
  return error;
}

