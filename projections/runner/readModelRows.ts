import { sql, type QueryExecutorProvider } from 'kysely';

/**
 * Every row of a read-model table in primary-key order: two builds of a projection (a live one
 * and a rebuild) must give equal lists. Any table, named at run time: plain SQL, whatever the handle's types.
 */
export async function readModelRows(db: QueryExecutorProvider, table: string): Promise<Record<string, unknown>[]> {
  const { rows: keys } = await sql<{ column: string }>`
    SELECT a.attname AS column
      FROM pg_index i
      JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY (i.indkey)
     WHERE i.indrelid = ${table}::regclass AND i.indisprimary
     ORDER BY array_position(i.indkey::int2[], a.attnum)`.execute(db);
  if (keys.length === 0) throw new Error(`table: ${table} has no primary key, and a read model needs one`);
  const { rows } = await sql<Record<string, unknown>>`
    SELECT * FROM ${sql.table(table)} ORDER BY ${sql.join(keys.map((key) => sql.ref(key.column)))}`.execute(db);
  return rows;
}
