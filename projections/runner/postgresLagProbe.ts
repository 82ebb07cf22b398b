import type pg from 'pg';
import { splitFilter } from '../../platform/eventStore/filter.js';
import type { AllFilter, Position } from '../../platform/eventStore/port.js';

export interface Lag {
  /** Committed events the projection has yet to apply (only those its filter matches). */
  eventsBehind: number;
  /** Age of the oldest of those events; 0 when there are none. */
  msBehind: number;
}

/** Where one projection stands, and what it reads. */
export interface LagTarget {
  checkpoint: Position;
  filter: AllFilter | undefined;
}

/**
 * Measures how far checkpoints are behind the end of `$all`: one answer per target, in order.
 * Store-specific, hence injected. Many at once, because /health asks for every projection.
 */
export type LagProbe = (targets: readonly LagTarget[]) => Promise<Lag[]>;

/**
 * The Postgres event store's probe: counts what each subscription would still deliver, behind the
 * same transaction-id fence, so a caught-up projection reports exactly 0. One statement for every
 * target, taking the fence once (it looks at every running transaction).
 */
export function createPostgresLagProbe(pool: pg.Pool): LagProbe {
  return async (targets) => {
    if (targets.length === 0) return [];
    // From the start: before any transaction (xid8 0 is never a real one).
    const commits = targets.map(({ checkpoint }) => (checkpoint.commit < 0n ? '0' : checkpoint.commit.toString()));
    const prepares = targets.map(({ checkpoint }) => (checkpoint.commit < 0n ? '-1' : checkpoint.prepare.toString()));
    const filters = targets.map(({ filter }) => (filter ? JSON.stringify(splitFilter(filter)) : null));
    const { rows } = await pool.query<{ events_behind: string; ms_behind: number | null }>(
      `WITH fence AS MATERIALIZED (SELECT es_visible_before() AS before)
       SELECT lag.events_behind, lag.ms_behind
         FROM unnest($1::text[], $2::bigint[], $3::jsonb[]) WITH ORDINALITY AS t(commit_id, prepare, filter, ord)
         CROSS JOIN LATERAL (
           SELECT count(*) AS events_behind,
                  (extract(epoch FROM clock_timestamp() - min(e.created)) * 1000)::float8 AS ms_behind
             FROM es_events e
            WHERE e.transaction_id < (SELECT before FROM fence)
              AND (e.transaction_id, e.global_position) > (t.commit_id::xid8, t.prepare)
              AND (t.filter IS NULL
                   OR EXISTS (SELECT 1 FROM jsonb_array_elements_text(t.filter->'streamNamePrefixes') AS p WHERE starts_with(e.stream_name, p))
                   OR EXISTS (SELECT 1 FROM jsonb_array_elements_text(t.filter->'eventTypePrefixes') AS p WHERE starts_with(e.event_type, p)))
         ) AS lag
        ORDER BY t.ord`,
      [commits, prepares, filters],
    );
    return rows.map((row) => ({ eventsBehind: Number(row.events_behind), msBehind: Math.max(0, Math.round(row.ms_behind ?? 0)) }));
  };
}
