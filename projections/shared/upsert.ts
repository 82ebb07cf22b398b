import { sql, type Insertable, type InsertType, type SelectType, type Transaction } from 'kysely';

/** Applies each event at most once per row: a row remembers the last stream revision it took in. */
export function isNewer(revision: bigint, lastApplied: string | null | undefined): boolean {
  return lastApplied === null || lastApplied === undefined || revision > BigInt(lastApplied);
}

/** A column's value in a {@link JsonRow}: a jsonb column's object (or array) as it reads back, any other column as it is inserted. */
type JsonColumn<Column> =
  NonNullable<SelectType<Column>> extends Date ? InsertType<Column> : NonNullable<SelectType<Column>> extends object ? SelectType<Column> : InsertType<Column>;

/** A row as {@link upsertRows} writes it: Kysely's insertable row, with jsonb columns holding their objects rather than text. */
export type JsonRow<Table> = { [Column in keyof Insertable<Table>]: JsonColumn<Table[Column & keyof Table]> };

/**
 * Writes a batch of folded rows in one statement with ONE parameter: the rows as a JSON array,
 * turned back into the table's row type by `jsonb_populate_recordset` (jsonb: PostgreSQL parses the
 * document once, and a jsonb column's value is copied, not parsed again), then `ON CONFLICT (key)` the
 * row replaces the stored one whole (`replace`) or the stored one stays (`keep`).
 *
 * The same statement as Kysely's multi-row `insertInto().values(rows)`, without its cost: that
 * one has a placeholder per value (a rebuild's page of rides is 60,000 of them), each parsed by
 * Kysely and serialized by pg, and a text PostgreSQL parses and plans anew for every row count.
 * Here the process pays one `JSON.stringify`, and jsonb columns take the row's objects as they are
 * (no `jsonb()` wrapping). Dates go as ISO instants (timestamptz); every row names the same columns.
 */
export async function upsertRows<Database, Table extends keyof Database & string>(
  db: Transaction<Database>,
  table: Table,
  rows: readonly NoInfer<JsonRow<Database[Table]>>[],
  options: { key: readonly NoInfer<keyof Database[Table] & string>[]; onConflict: 'replace' | 'keep' },
): Promise<void> {
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0]!);
  const list = sql.join(columns.map((column) => sql.ref(column)));
  const replaced = columns.filter((column) => !options.key.includes(column as keyof Database[Table] & string));
  const action =
    options.onConflict === 'keep' || replaced.length === 0
      ? sql`NOTHING`
      : sql`UPDATE SET ${sql.join(replaced.map((column) => sql`${sql.ref(column)} = ${sql.ref(`excluded.${column}`)}`))}`;
  await sql`
    INSERT INTO ${sql.table(table)} (${list})
    SELECT ${list} FROM jsonb_populate_recordset(NULL::${sql.table(table)}, ${JSON.stringify(rows)}::jsonb)
    ON CONFLICT (${sql.join(options.key.map((column) => sql.ref(column)))}) DO ${action}`.execute(db);
}
