import type { Transaction } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { AllFilter, RecordedEvent } from '../../platform/eventStore/port.js';

/**
 * A read model and the handler that keeps it up to date. The runner feeds it `$all` in batches;
 * each batch's writes and the projection's checkpoint commit in the same transaction.
 */
export interface Projection<Tables = any> {
  /** Unique, camelCase: names the checkpoint, the advisory lock and the migration history. */
  name: string;
  /** Bump when the handler's meaning changes: the next runner start rebuilds from the start. */
  version?: number;
  /** Which events the handler sees; all of `$all` when absent. */
  filter?: AllFilter;
  /** The read-model tables the projection owns: emptied by a rebuild. */
  tables: readonly string[];
  /** The schema of those tables, frozen in time (`Kysely<any>`). */
  migrations: Record<string, Migration>;
  /**
   * Applies a batch, in `$all` order, inside the batch's open transaction. Write with multi-row
   * upserts: one statement per batch, not one per event.
   */
  handle(trx: Transaction<Tables>, events: readonly RecordedEvent[]): Promise<void>;
  /**
   * Applied in a transaction of its own, beside the others' (at the same time), instead of in the
   * one they share. For a reactor: its handler issues commands, round trips to the store that
   * would otherwise hold every read model of the page (and every read waiting on them) behind it.
   * Its writes and its checkpoint still commit together.
   */
  ownTransaction?: boolean;
}

const NAME = /^[a-z][A-Za-z0-9]{0,29}$/;

/** Checks a projection's shape once, where it is declared, so a typo fails at start-up. */
export function defineProjection<Tables>(projection: Projection<Tables>): Projection<Tables> {
  if (!NAME.test(projection.name)) {
    throw new Error(`projection.name: "${projection.name}" must be camelCase letters and digits, at most 30 (it names PostgreSQL objects)`);
  }
  if (projection.version !== undefined && (!Number.isInteger(projection.version) || projection.version < 1)) {
    throw new Error(`projection.version of ${projection.name}: must be a positive integer`);
  }
  if (projection.tables.length === 0) {
    throw new Error(`projection.tables of ${projection.name}: a projection owns at least one table`);
  }
  return projection;
}

export function projectionVersion(projection: Projection): number {
  return projection.version ?? 1;
}
