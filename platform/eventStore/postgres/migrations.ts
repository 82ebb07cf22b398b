import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * The `application_name` of connections that write read models and never append: their
 * transactions do not hold the fence (see the second migration). Frozen with the migration that
 * names it.
 */
export const READ_MODELS_APPLICATION_NAME = 'tiyende-read-models';

/**
 * The event store's schema. Frozen in time: a later change is a new migration, never an edit.
 *
 * `$all` order is (transaction_id, global_position). Readers only see rows whose transaction id
 * is below the oldest transaction still running (`es_visible_before()`), so a writer that took
 * its global position early and commits late can never be skipped (Emmett's xid8 fence).
 */
export const eventStoreMigrations: Record<string, Migration> = {
  '2026-11-22T00-00_event_store': {
    async up(db: Kysely<any>) {
      await sql`
        CREATE TABLE es_streams (
          stream_name      text PRIMARY KEY,
          -- revision of the last event ever appended; -1 when none
          revision         bigint  NOT NULL,
          -- soft delete: revisions below this are hidden; the stream "does not exist" while
          -- revision < truncate_before
          truncate_before  bigint  NOT NULL DEFAULT 0,
          tombstoned       boolean NOT NULL DEFAULT false
        )`.execute(db);
      await sql`
        CREATE TABLE es_events (
          global_position  bigint GENERATED ALWAYS AS IDENTITY,
          transaction_id   xid8   NOT NULL DEFAULT pg_current_xact_id(),
          stream_name      text   NOT NULL,
          stream_revision  bigint NOT NULL,
          event_id         uuid   NOT NULL,
          event_type       text   NOT NULL,
          data             jsonb  NOT NULL,
          metadata         jsonb  NOT NULL,
          created          timestamptz NOT NULL DEFAULT clock_timestamp(),
          PRIMARY KEY (stream_name, stream_revision)
        )`.execute(db);
      await sql`CREATE INDEX es_events_all_order ON es_events (transaction_id, global_position)`.execute(db);

      // The fence: events of transactions below it are all committed or aborted. It is the oldest
      // transaction still running IN THIS DATABASE (pg_snapshot_xmin alone is cluster-wide, so a
      // long transaction in another database would stall every subscription here). A running
      // xid is only skipped when pg_stat_activity shows it in another database; one it cannot
      // place (just committed, or hidden from us) still holds the fence: late, never wrong.
      await sql`
        CREATE FUNCTION es_visible_before() RETURNS xid8 LANGUAGE sql STABLE AS $$
          SELECT COALESCE(min(x), pg_snapshot_xmax(pg_current_snapshot()))
          FROM pg_snapshot_xip(pg_current_snapshot()) AS x
          WHERE NOT EXISTS (
            SELECT 1 FROM pg_stat_activity a
            WHERE a.backend_xid = xid(x) AND a.datname <> current_database())
        $$`.execute(db);

      await sql`
        CREATE FUNCTION es_insert_events(
          p_stream text, p_after bigint, p_ids uuid[], p_events jsonb
        ) RETURNS bigint LANGUAGE plpgsql AS $$
        DECLARE v_pos bigint;
        BEGIN
          WITH inserted AS (
            INSERT INTO es_events (stream_name, stream_revision, event_id, event_type, data, metadata)
            SELECT p_stream, p_after + t.ord, p_ids[t.ord], t.e ->> 'type', t.e -> 'data', t.e -> 'metadata'
            FROM jsonb_array_elements(p_events) WITH ORDINALITY AS t(e, ord)
            RETURNING global_position)
          SELECT max(global_position) INTO v_pos FROM inserted;
          RETURN v_pos;
        END;
        $$`.execute(db);

      // One round trip per append: locks the stream row, applies EventStoreDB's expected-revision
      // and idempotence rules, inserts the events and wakes subscribers. Outcomes are returned,
      // not raised, so a refused append writes nothing and costs no exception.
      await sql`
        CREATE FUNCTION es_append(
          p_stream   text,
          p_expected text,      -- 'any' | 'no_stream' | 'stream_exists' | '<revision>'
          p_ids      uuid[],
          p_events   jsonb         -- [{ type, data, metadata }], in the order of p_ids
        ) RETURNS TABLE (outcome text, revision bigint, stream_exists boolean, tx text, pos bigint)
        LANGUAGE plpgsql AS $$
        DECLARE
          n          int := cardinality(p_ids);
          v_row      boolean;
          v_revision bigint := -1;
          v_trunc    bigint := 0;
          v_tomb     boolean := false;
          v_exists   boolean;
          v_expected bigint;
          v_matched  int;
        BEGIN
          -- Fast path: a brand-new stream is created with its final revision in one statement.
          IF p_expected IN ('any', 'no_stream') THEN
            INSERT INTO es_streams (stream_name, revision) VALUES (p_stream, n - 1)
            ON CONFLICT (stream_name) DO NOTHING;
            IF FOUND THEN
              RETURN QUERY SELECT 'ok'::text, (n - 1)::bigint, true, pg_current_xact_id()::text,
                es_insert_events(p_stream, -1, p_ids, p_events);
              RETURN;
            END IF;
          END IF;

          -- Fast path: the expected revision is the stream's — bump it, lock taken, one statement.
          IF p_expected NOT IN ('any', 'no_stream', 'stream_exists') THEN
            UPDATE es_streams s SET revision = s.revision + n
             WHERE s.stream_name = p_stream AND s.revision = p_expected::bigint AND NOT s.tombstoned;
            IF FOUND THEN
              RETURN QUERY SELECT 'ok'::text, p_expected::bigint + n, true, pg_current_xact_id()::text,
                es_insert_events(p_stream, p_expected::bigint, p_ids, p_events);
              RETURN;
            END IF;
          END IF;

          SELECT s.revision, s.truncate_before, s.tombstoned INTO v_revision, v_trunc, v_tomb
            FROM es_streams s WHERE s.stream_name = p_stream FOR UPDATE;
          v_row := FOUND;
          IF NOT v_row THEN
            v_revision := -1; v_trunc := 0; v_tomb := false;
          END IF;
          IF v_tomb THEN
            RETURN QUERY SELECT 'deleted'::text, v_revision, false, NULL::text, NULL::bigint;
            RETURN;
          END IF;
          v_exists := v_revision >= 0 AND v_revision >= v_trunc;

          -- Where the events would already sit if this append is a retry. With an exact revision
          -- (or no_stream) that place is known; with any/stream_exists the retry is recognised
          -- among the stream's last 1,000 events, as EventStoreDB recognises it from its cache.
          IF p_expected = 'no_stream' THEN
            v_expected := CASE WHEN v_exists THEN -1 ELSE v_revision END;
          ELSIF p_expected IN ('any', 'stream_exists') THEN
            SELECT e.stream_revision - 1 INTO v_expected FROM es_events e
             WHERE e.stream_name = p_stream AND e.stream_revision > v_revision - 1000
               AND e.event_id = p_ids[1]
             ORDER BY e.stream_revision LIMIT 1;   -- NULL when the first id is not among them
          ELSE
            v_expected := p_expected::bigint;
          END IF;

          IF v_expected IS NOT NULL AND v_expected < v_revision THEN
            SELECT count(*) INTO v_matched
              FROM unnest(p_ids) WITH ORDINALITY AS t(id, ord)
              JOIN es_events e ON e.stream_name = p_stream
                              AND e.stream_revision = v_expected + t.ord
                              AND e.event_id = t.id;
            IF v_matched = n THEN
              -- A retry of an append that succeeded: answer as it did, write nothing.
              RETURN QUERY SELECT 'idempotent'::text, v_expected + n, v_exists,
                e.transaction_id::text, e.global_position
                FROM es_events e WHERE e.stream_name = p_stream AND e.stream_revision = v_expected + n;
              RETURN;
            END IF;
            IF v_matched > 0 OR p_expected NOT IN ('any', 'stream_exists') THEN
              RETURN QUERY SELECT 'wrong_expected'::text, v_revision, v_exists, NULL::text, NULL::bigint;
              RETURN;
            END IF;
          END IF;

          IF (p_expected = 'no_stream' AND v_exists)
             OR (p_expected = 'stream_exists' AND NOT v_exists)
             OR (p_expected NOT IN ('any', 'no_stream', 'stream_exists') AND p_expected::bigint <> v_revision)
             -- some of the ids are already in the stream, but not as a whole retry
             OR (p_expected IN ('any', 'stream_exists') AND EXISTS (
                  SELECT 1 FROM es_events e WHERE e.stream_name = p_stream
                     AND e.stream_revision > v_revision - 1000 AND e.event_id = ANY (p_ids))) THEN
            RETURN QUERY SELECT 'wrong_expected'::text, v_revision, v_exists, NULL::text, NULL::bigint;
            RETURN;
          END IF;

          IF v_row THEN
            UPDATE es_streams SET revision = v_revision + n WHERE stream_name = p_stream;
          ELSE
            INSERT INTO es_streams (stream_name, revision) VALUES (p_stream, n - 1);
          END IF;
          RETURN QUERY SELECT 'ok'::text, v_revision + n, true, pg_current_xact_id()::text,
            es_insert_events(p_stream, v_revision, p_ids, p_events);
        END;
        $$`.execute(db);
    },
    async down(db: Kysely<any>) {
      await sql`DROP FUNCTION es_append`.execute(db);
      await sql`DROP FUNCTION es_insert_events`.execute(db);
      await sql`DROP FUNCTION es_visible_before`.execute(db);
      await sql`DROP TABLE es_events`.execute(db);
      await sql`DROP TABLE es_streams`.execute(db);
    },
  },
  // The fence waited on every transaction of the database that had written anything: the worker
  // applies read models in transactions of tens of milliseconds one after another, and under load
  // a subscription found events held back behind them on most reads (bench:e2e at 16 pairs: about
  // 100 held reads per process every 10 s, waiting 2–4 s of the 10). A transaction on a connection
  // named READ_MODELS_APPLICATION_NAME can append nothing (the trigger refuses it, loudly), so no
  // event can land behind it: the fence leaves it out. A transaction is left out only while its
  // backend is seen running it under that name; one that is not seen (it ended, or its row is
  // hidden) still holds the fence, as before.
  '2026-12-22T00-00_read_model_transactions_hold_no_fence': {
    async up(db: Kysely<any>) {
      await sql`
        CREATE OR REPLACE FUNCTION es_visible_before() RETURNS xid8 LANGUAGE sql STABLE AS $$
          SELECT COALESCE(min(x), pg_snapshot_xmax(pg_current_snapshot()))
          FROM pg_snapshot_xip(pg_current_snapshot()) AS x
          WHERE NOT EXISTS (
            SELECT 1 FROM pg_stat_activity a
            WHERE a.backend_xid = xid(x)
              AND (a.datname <> current_database() OR a.application_name = ${sql.lit(READ_MODELS_APPLICATION_NAME)}))
        $$`.execute(db);
      await sql`
        CREATE FUNCTION es_refuse_read_model_appends() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF current_setting('application_name') = ${sql.lit(READ_MODELS_APPLICATION_NAME)} THEN
            RAISE EXCEPTION 'a read-model connection (application_name %) may not append events: the fence does not wait for it',
              current_setting('application_name');
          END IF;
          RETURN NULL;
        END;
        $$`.execute(db);
      await sql`
        CREATE TRIGGER es_events_no_read_model_appends BEFORE INSERT ON es_events
        FOR EACH STATEMENT EXECUTE FUNCTION es_refuse_read_model_appends()`.execute(db);
    },
    async down(db: Kysely<any>) {
      await sql`DROP TRIGGER es_events_no_read_model_appends ON es_events`.execute(db);
      await sql`DROP FUNCTION es_refuse_read_model_appends`.execute(db);
      await sql`
        CREATE OR REPLACE FUNCTION es_visible_before() RETURNS xid8 LANGUAGE sql STABLE AS $$
          SELECT COALESCE(min(x), pg_snapshot_xmax(pg_current_snapshot()))
          FROM pg_snapshot_xip(pg_current_snapshot()) AS x
          WHERE NOT EXISTS (
            SELECT 1 FROM pg_stat_activity a
            WHERE a.backend_xid = xid(x) AND a.datname <> current_database())
        $$`.execute(db);
    },
  },
};
