import type pg from 'pg';
import { splitFilter } from '../../platform/eventStore/filter.js';
import type { AllFilter, Position } from '../../platform/eventStore/port.js';

export interface Lag {
  /** Committed events the projection has yet to apply (only those its filter matches). */
  eventsBehind: number;
  /** Age of the oldest of those events; 0 when there are none. */
  msBehind: number;
}

/** Measures how far a checkpoint is behind the end of `$all`. Store-specific, hence injected. */
export type LagProbe = (checkpoint: Position, filter: AllFilter | undefined) => Promise<Lag>;

/**
 * The Postgres event store's probe: counts what the subscription would still deliver, behind
 * the same transaction-id fence, so a caught-up projection reports exactly 0.
 */
export function createPostgresLagProbe(pool: pg.Pool): LagProbe {
  return async (checkpoint, filter) => {
    const values: unknown[] = [];
    // The store's own fence (per database), so the probe counts exactly what readers can see.
    const conditions = ['transaction_id < (SELECT es_visible_before())'];
    if (checkpoint.commit >= 0n) {
      values.push(checkpoint.commit.toString(), checkpoint.prepare.toString());
      conditions.push('(transaction_id, global_position) > ($1::text::xid8, $2::bigint)');
    }
    if (filter) {
      const { streamNamePrefixes, eventTypePrefixes } = splitFilter(filter);
      values.push(streamNamePrefixes, eventTypePrefixes);
      conditions.push(
        `(EXISTS (SELECT 1 FROM unnest($${values.length - 1}::text[]) AS p WHERE starts_with(stream_name, p))
          OR EXISTS (SELECT 1 FROM unnest($${values.length}::text[]) AS p WHERE starts_with(event_type, p)))`,
      );
    }
    const { rows } = await pool.query<{ events_behind: string; ms_behind: number | null }>(
      `SELECT count(*) AS events_behind,
              (extract(epoch FROM clock_timestamp() - min(created)) * 1000)::float8 AS ms_behind
         FROM es_events WHERE ${conditions.join(' AND ')}`,
      values,
    );
    const row = rows[0]!;
    return { eventsBehind: Number(row.events_behind), msBehind: Math.max(0, Math.round(row.ms_behind ?? 0)) };
  };
}
