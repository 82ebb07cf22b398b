import { sql, type Insertable, type InsertType, type RawBuilder, type SelectType, type Transaction } from 'kysely';

/** Applies each event at most once per row: a row remembers the last stream revision it took in. */
export function isNewer(revision: bigint, lastApplied: string | null | undefined): boolean {
  return lastApplied === null || lastApplied === undefined || revision > BigInt(lastApplied);
}

/**
 * `= ANY($1)`: a batch's keys as ONE array parameter, as in `.where('ride_id', '=', anyOf(rideIds))`.
 * Kysely's `in` list takes a placeholder per key (thousands in a rebuild's page, each compiled and
 * serialized, and a statement text planned anew for each count).
 */
export const anyOf = (keys: readonly string[]): RawBuilder<string> => sql<string>`ANY(${keys})`;

/** A column's value in a {@link JsonRow}: a jsonb column's object (or array) as it reads back, any other column as it is inserted. */
type JsonColumn<Column> =
  NonNullable<SelectType<Column>> extends Date ? InsertType<Column> : NonNullable<SelectType<Column>> extends object ? SelectType<Column> : InsertType<Column>;

/** A row as {@link upsertRows} writes it: Kysely's insertable row, with jsonb columns holding their objects rather than text. */
export type JsonRow<Table> = { [Column in keyof Insertable<Table>]: JsonColumn<Table[Column & keyof Table]> };

/**
 * What a row does when its key is already stored: `replace` the stored row whole, `keep` the stored
 * one, or `{ set }`: the listed columns take the given expressions (which may name the stored row by
 * the table's name and the new one as `excluded`, as `ON CONFLICT … DO UPDATE` does), the rest stay.
 */
export type OnConflict<Table> = 'replace' | 'keep' | { set: Partial<Record<keyof Table & string, RawBuilder<unknown>>> };

/**
 * Writes a batch of folded rows in one statement with ONE parameter: the rows as a JSON array,
 * turned back into the table's row type by `jsonb_populate_recordset` (jsonb: PostgreSQL parses the
 * document once, and a jsonb column's value is copied, not parsed again), then `ON CONFLICT (key)` as
 * {@link OnConflict} says.
 *
 * The same statement as Kysely's multi-row `insertInto().values(rows)`, without its cost: that
 * one has a placeholder per value (a rebuild's page of rides is 60,000 of them), each parsed by
 * Kysely and serialized by pg, and a text PostgreSQL parses and plans anew for every row count —
 * and a statement holds at most 65,535 of them, which bounds the page. Here the process pays one
 * `JSON.stringify`, and jsonb columns take the row's objects as they are (no `jsonb()` wrapping).
 * Dates go as ISO instants (timestamptz); every row names the same columns.
 */
export async function upsertRows<Database, Table extends keyof Database & string>(
  db: Transaction<Database>,
  table: Table,
  rows: readonly NoInfer<JsonRow<Database[Table]>>[],
  options: { key: readonly NoInfer<keyof Database[Table] & string>[]; onConflict: NoInfer<OnConflict<Database[Table]>> },
): Promise<void> {
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0]!);
  const list = sql.join(columns.map((column) => sql.ref(column)));
  const action = conflictAction(options.onConflict, columns.filter((column) => !options.key.includes(column as keyof Database[Table] & string)));
  await sql`
    INSERT INTO ${sql.table(table)} (${list})
    SELECT ${list} FROM ${recordsOf(table, rows)}
    ON CONFLICT (${sql.join(options.key.map((column) => sql.ref(column)))}) DO ${action}`.execute(db);
}

function conflictAction<Table>(onConflict: OnConflict<Table>, replaced: readonly string[]): RawBuilder<unknown> {
  const set = onConflict === 'keep' ? [] : onConflict === 'replace' ? replaced.map((column) => [column, sql.ref(`excluded.${column}`)] as const) : Object.entries(onConflict.set);
  if (set.length === 0) return sql`NOTHING`;
  return sql`UPDATE SET ${sql.join(set.map(([column, value]) => sql`${sql.ref(column)} = ${value}`))}`;
}

/** The rows as a set of the table's row type, in one jsonb parameter: `FROM ${recordsOf(...)} AS alias` also works. */
export function recordsOf(table: string, rows: readonly object[]): RawBuilder<unknown> {
  return sql`jsonb_populate_recordset(NULL::${sql.table(table)}, ${JSON.stringify(rows)}::jsonb)`;
}

/**
 * Updates stored rows from a batch in one statement with one parameter: each row names its `key`
 * columns and the columns to `set` (to its values); rows whose key is not stored change nothing.
 */
export async function updateRows<Database, Table extends keyof Database & string>(
  db: Transaction<Database>,
  table: Table,
  rows: readonly NoInfer<Partial<JsonRow<Database[Table]>>>[],
  options: { key: readonly NoInfer<keyof Database[Table] & string>[]; set: readonly NoInfer<keyof Database[Table] & string>[] },
): Promise<void> {
  if (rows.length === 0) return;
  const assignments = sql.join(options.set.map((column) => sql`${sql.ref(column)} = ${sql.ref(`given.${column}`)}`));
  const matches = sql.join(
    options.key.map((column) => sql`${sql.ref(`${table}.${column}`)} = ${sql.ref(`given.${column}`)}`),
    sql` AND `,
  );
  await sql`UPDATE ${sql.table(table)} SET ${assignments} FROM ${recordsOf(table, rows)} AS given WHERE ${matches}`.execute(db);
}
