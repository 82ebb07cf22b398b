import { sql } from 'kysely';
import { comparePositions, parsePosition, serializePosition, START, type RecordedEvent } from '../../platform/eventStore/port.js';
import { defineProjection } from '../runner/projection.js';
import { readBatch, streamPrefixes } from '../shared/storedEvents.js';
import { Counts, type DailyCounts, type TotalCounts } from './countEvents.js';
import { platformStatsMigrations } from './migrations.js';
import type { PlatformStatsTables } from './platformStats.table.js';

const added = <Table extends string>(table: Table, column: string) =>
  sql<never>`${sql.ref(`${table}.${column}`)} + ${sql.ref(`excluded.${column}`)}`;

function addAll<Row extends object>(table: string, row: Row) {
  return Object.fromEntries(Object.keys(row).map((column) => [column, added(table, column)])) as Record<keyof Row, never>;
}

export const platformStatsProjection = defineProjection<PlatformStatsTables>({
  name: 'platformStats',
  filter: { streamNamePrefixes: [streamPrefixes.ride, streamPrefixes.driverVerification, streamPrefixes.driverDuty] },
  tables: ['rm_platform_daily', 'rm_platform_totals'],
  migrations: platformStatsMigrations,
  async handle(trx, events) {
    const stored = await trx.selectFrom('rm_platform_totals').select('applied_position').where('scope', '=', 'all').executeTakeFirst();
    const applied = stored ? parsePosition(stored.applied_position) : START;
    const fresh = events.filter((event) => comparePositions(event.position, applied) > 0);
    if (fresh.length === 0) return;

    const counts = new Counts();
    const batch = readBatch(fresh);
    for (const item of batch.ride) counts.ride(item);
    for (const item of batch.driverVerification) counts.verification(item);
    for (const item of batch.driverDuty) counts.duty(item);

    await addDaily(trx, counts.daily);
    await addTotals(trx, counts.totals, fresh.at(-1)!);
  },
});

type Trx = Parameters<typeof platformStatsProjection.handle>[0];

async function addDaily(trx: Trx, daily: Map<string, DailyCounts>): Promise<void> {
  if (daily.size === 0) return;
  const rows = [...daily].map(([day, counts]) => ({ day, ...counts }));
  const { day: _day, ...counters } = rows[0]!;
  await trx
    .insertInto('rm_platform_daily')
    .values(rows)
    .onConflict((oc) => oc.column('day').doUpdateSet(addAll('rm_platform_daily', counters)))
    .execute();
}

async function addTotals(trx: Trx, totals: TotalCounts, last: RecordedEvent): Promise<void> {
  await trx
    .insertInto('rm_platform_totals')
    .values({ scope: 'all', ...totals, applied_position: serializePosition(last.position) })
    .onConflict((oc) =>
      oc.column('scope').doUpdateSet({ ...addAll('rm_platform_totals', totals), applied_position: (eb) => eb.ref('excluded.applied_position') }),
    )
    .execute();
}
