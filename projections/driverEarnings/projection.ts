import { sql } from 'kysely';
import type { RecordedEvent } from '../../platform/eventStore/port.js';
import { defineProjection } from '../runner/projection.js';
import { lusakaDay } from '../shared/lusakaCalendar.js';
import { readRideEvent, streamPrefixes } from '../shared/storedEvents.js';
import { splitFare } from '../../domain/fare/index.js';
import type { DriverEarningsTables, InsertableDriverEarningRideRow, InsertableDriverEarningsDailyRow } from './driverEarnings.table.js';
import { driverEarningsMigrations } from './migrations.js';

/** Each completed trip as a ledger line: the agreed fare (the trip's final fare) and its split. */
export function earningLines(events: readonly RecordedEvent[]): InsertableDriverEarningRideRow[] {
  return events.flatMap((recorded) => {
    const item = readRideEvent(recorded);
    if (item?.event.type !== 'TripCompleted') return [];
    const { rideId, driverId, finalFareNgwee, completedAt } = item.event.data;
    const { commissionNgwee, netNgwee } = splitFare(finalFareNgwee);
    return [{
      ride_id: rideId,
      driver_id: driverId,
      day: lusakaDay(completedAt),
      completed_at: new Date(completedAt),
      gross_ngwee: finalFareNgwee,
      commission_ngwee: commissionNgwee,
      net_ngwee: netNgwee,
    }];
  });
}

/** The new lines summed per driver per day, for one additive upsert. */
export function dailyTotals(lines: readonly InsertableDriverEarningRideRow[]): InsertableDriverEarningsDailyRow[] {
  const days = new Map<string, InsertableDriverEarningsDailyRow & { gross_ngwee: number; commission_ngwee: number; net_ngwee: number }>();
  for (const line of lines) {
    const key = `${line.driver_id}/${line.day}`;
    const total = days.get(key) ?? {
      driver_id: line.driver_id,
      day: line.day,
      completed_rides: 0,
      gross_ngwee: 0,
      commission_ngwee: 0,
      net_ngwee: 0,
    };
    total.completed_rides += 1;
    total.gross_ngwee += line.gross_ngwee;
    total.commission_ngwee += line.commission_ngwee;
    total.net_ngwee += line.net_ngwee;
    days.set(key, total);
  }
  return [...days.values()];
}

const added = (column: 'completed_rides' | 'gross_ngwee' | 'commission_ngwee' | 'net_ngwee') =>
  sql<never>`${sql.ref(`rm_driver_earnings_daily.${column}`)} + ${sql.ref(`excluded.${column}`)}`;

export const driverEarningsProjection = defineProjection<DriverEarningsTables>({
  name: 'driverEarnings',
  filter: { streamNamePrefixes: [streamPrefixes.ride] },
  tables: ['rm_driver_earning_rides', 'rm_driver_earnings_daily'],
  migrations: driverEarningsMigrations,
  async handle(trx, events) {
    const lines = earningLines(events);
    if (lines.length === 0) return;
    // A ride already in the ledger was counted before (the same event applied again): skip it.
    const known = await trx
      .selectFrom('rm_driver_earning_rides')
      .select('ride_id')
      .where('ride_id', 'in', lines.map((line) => line.ride_id))
      .execute();
    const counted = new Set(known.map((row) => row.ride_id));
    const fresh = lines.filter((line) => !counted.has(line.ride_id));
    if (fresh.length === 0) return;
    await trx.insertInto('rm_driver_earning_rides').values(fresh).onConflict((oc) => oc.column('ride_id').doNothing()).execute();
    await trx
      .insertInto('rm_driver_earnings_daily')
      .values(dailyTotals(fresh))
      .onConflict((oc) =>
        oc.columns(['driver_id', 'day']).doUpdateSet({
          completed_rides: added('completed_rides'),
          gross_ngwee: added('gross_ngwee'),
          commission_ngwee: added('commission_ngwee'),
          net_ngwee: added('net_ngwee'),
        }),
      )
      .execute();
  },
});
