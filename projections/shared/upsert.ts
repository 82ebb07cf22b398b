import { sql, type RawBuilder } from 'kysely';

/**
 * `ON CONFLICT … DO UPDATE SET column = excluded.column` for every column but the key: the row
 * the handler folded in memory replaces the stored one whole.
 */
export function replaceWithExcluded<Row extends object>(row: Row, key: readonly (keyof Row & string)[]) {
  const update: Partial<Record<keyof Row, RawBuilder<never>>> = {};
  for (const column of Object.keys(row) as (keyof Row & string)[]) {
    if (!key.includes(column)) update[column] = sql<never>`${sql.ref(`excluded.${column}`)}`;
  }
  return update;
}

/** jsonb parameters go over the wire as text: pg would turn a JS array into a PostgreSQL array. */
export const jsonb = (value: unknown): string => JSON.stringify(value);

/** Applies each event at most once per row: a row remembers the last stream revision it took in. */
export function isNewer(revision: bigint, lastApplied: string | null | undefined): boolean {
  return lastApplied === null || lastApplied === undefined || revision > BigInt(lastApplied);
}
