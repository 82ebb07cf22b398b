import { sql, type ColumnType, type Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createKysely } from '../../platform/database/connect.js';
import { openTestBed, type TestBed } from '../../tests/support/projectionTestKit.js';
import { anyOf, updateRows, upsertRows, type JsonRow } from './upsert.js';

interface Details {
  reason: string;
  stops: { lat: number; note: string | null }[];
}

interface SampleTable {
  id: string;
  count: number;
  share: number | null;
  seen_at: Date | null;
  day: ColumnType<Date, string, string>;
  revision: ColumnType<string, string, string>;
  details: ColumnType<Details, string, string>;
  tags: ColumnType<string[], string, string>;
  flagged: ColumnType<boolean, boolean | undefined, boolean>;
}
type Tables = { t_upsert_sample: SampleTable };

describe('upsertRows: a batch of rows as one JSON parameter', () => {
  let bed: TestBed;
  let db: Kysely<Tables>;
  beforeEach(async () => {
    bed = await openTestBed('upsert_rows');
    db = createKysely<Tables>(bed.pool);
    await sql`
      CREATE TABLE t_upsert_sample (
        id text PRIMARY KEY, count integer NOT NULL, share double precision, seen_at timestamptz, day date NOT NULL,
        revision bigint NOT NULL, details jsonb NOT NULL, tags jsonb NOT NULL, flagged boolean NOT NULL DEFAULT true
      )`.execute(db);
  });
  afterEach(async () => {
    await bed.dispose();
  });

  const row = (id: string, overrides: Partial<JsonRow<SampleTable>> = {}): JsonRow<SampleTable> => ({
    id,
    count: 1,
    share: 0.25,
    seen_at: new Date('2026-03-01T06:30:00.123Z'),
    day: '2026-03-01',
    revision: '9007199254740993',
    details: { reason: 'it\'s "quoted" — and ünïcode, \\ too', stops: [{ lat: -12.8, note: null }] },
    tags: ['kitwe', 'ndola'],
    ...overrides,
  });

  const read = () =>
    db
      .selectFrom('t_upsert_sample')
      .select(['id', 'count', 'share', 'seen_at', sql<string>`to_char(day, 'YYYY-MM-DD')`.as('day'), 'revision', 'details', 'tags', 'flagged'])
      .orderBy('id')
      .execute();

  it('writes every column type a read model uses, as it reads back; columns left out take their default', async () => {
    const rows = [row('a'), row('b', { count: 2, share: null, seen_at: null, tags: [] })];
    await db.transaction().execute((trx) => upsertRows(trx, 't_upsert_sample', rows, { key: ['id'], onConflict: 'replace' }));
    expect(await read()).toEqual([
      { ...rows[0], day: '2026-03-01', flagged: true },
      { ...rows[1], day: '2026-03-01', flagged: true },
    ]);
  });

  it('replaces a stored row whole, or keeps it, on a conflict of its key', async () => {
    await db.transaction().execute((trx) => upsertRows(trx, 't_upsert_sample', [row('a'), row('b')], { key: ['id'], onConflict: 'replace' }));
    await db.transaction().execute((trx) =>
      upsertRows(trx, 't_upsert_sample', [row('a', { count: 7, details: { reason: 'again', stops: [] } }), row('c')], { key: ['id'], onConflict: 'replace' }),
    );
    await db.transaction().execute((trx) => upsertRows(trx, 't_upsert_sample', [row('b', { count: 99 }), row('d', { count: 4 })], { key: ['id'], onConflict: 'keep' }));
    const rows = await read();
    expect(rows.map((stored) => [stored.id, stored.count])).toEqual([['a', 7], ['b', 1], ['c', 1], ['d', 4]]);
    expect(rows[0]!.details).toEqual({ reason: 'again', stops: [] });
  });

  it('does nothing for no rows, and a failing batch writes none of its rows', async () => {
    await db.transaction().execute((trx) => upsertRows(trx, 't_upsert_sample', [], { key: ['id'], onConflict: 'replace' }));
    await expect(
      db.transaction().execute((trx) => upsertRows(trx, 't_upsert_sample', [row('a'), row('a')], { key: ['id'], onConflict: 'replace' })),
    ).rejects.toThrow(/cannot affect row a second time/);
    expect(await read()).toEqual([]);
  });

  it('on a conflict sets only the columns given, to expressions of the stored row and the new one', async () => {
    await db.transaction().execute((trx) => upsertRows(trx, 't_upsert_sample', [row('a', { count: 2, share: 0.5 })], { key: ['id'], onConflict: 'replace' }));
    await db.transaction().execute((trx) =>
      upsertRows(trx, 't_upsert_sample', [row('a', { count: 3, share: 0.9, tags: ['chingola'] }), row('b', { count: 5 })], {
        key: ['id'],
        onConflict: { set: { count: sql`t_upsert_sample.count + excluded.count`, tags: sql.ref('excluded.tags') } },
      }),
    );
    const rows = await read();
    expect(rows.map((stored) => [stored.id, stored.count, stored.share, stored.tags])).toEqual([
      ['a', 5, 0.5, ['chingola']],
      ['b', 5, 0.25, ['kitwe', 'ndola']],
    ]);
  });

  it('updates stored rows by key from a batch, leaving other columns and unknown keys alone', async () => {
    await db.transaction().execute((trx) => upsertRows(trx, 't_upsert_sample', [row('a'), row('b'), row('c')], { key: ['id'], onConflict: 'replace' }));
    await db.transaction().execute((trx) =>
      updateRows(trx, 't_upsert_sample', [{ id: 'a', count: 10, seen_at: new Date('2026-04-01T00:00:00.000Z') }, { id: 'c', count: 30, seen_at: null }, { id: 'zz', count: 1, seen_at: null }], {
        key: ['id'],
        set: ['count', 'seen_at'],
      }),
    );
    const rows = await read();
    expect(rows.map((stored) => [stored.id, stored.count, stored.seen_at, stored.share])).toEqual([
      ['a', 10, new Date('2026-04-01T00:00:00.000Z'), 0.25],
      ['b', 1, new Date('2026-03-01T06:30:00.123Z'), 0.25],
      ['c', 30, null, 0.25],
    ]);
  });

  it('matches a batch of keys with one array parameter', async () => {
    await db.transaction().execute((trx) => upsertRows(trx, 't_upsert_sample', [row('a'), row('b'), row('c')], { key: ['id'], onConflict: 'replace' }));
    const compiled = db.selectFrom('t_upsert_sample').select('id').where('id', '=', anyOf(['c', 'a', 'x'])).orderBy('id').compile();
    expect(compiled.parameters).toEqual([['c', 'a', 'x']]);
    expect((await db.executeQuery(compiled)).rows).toEqual([{ id: 'a' }, { id: 'c' }]);
    expect(await db.selectFrom('t_upsert_sample').select('id').where('id', '=', anyOf([])).execute()).toEqual([]);
  });
});
