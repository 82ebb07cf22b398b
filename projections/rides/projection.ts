import type { Transaction } from 'kysely';
import { defineProjection } from '../runner/projection.js';
import { readRideEvent, streamPrefixes } from '../shared/storedEvents.js';
import { anyOf, upsertRows } from '../shared/upsert.js';
import { foldRides } from './foldRide.js';
import { ridesMigrations } from './migrations.js';
import type { RideRow, RidesTables } from './rides.table.js';

async function loadRides(trx: Transaction<RidesTables>, rideIds: string[]): Promise<Map<string, RideRow>> {
  if (rideIds.length === 0) return new Map();
  const rows = await trx.selectFrom('rm_rides').selectAll().where('ride_id', '=', anyOf(rideIds)).execute();
  return new Map(rows.map((row) => [row.ride_id, row]));
}

export const ridesProjection = defineProjection<RidesTables>({
  name: 'rides',
  // 2: rows keep the machine's state (ride_state) and fold on through the domain's evolve.
  version: 2,
  filter: { streamNamePrefixes: [streamPrefixes.ride] },
  tables: ['rm_rides'],
  migrations: ridesMigrations,
  async handle(trx, events) {
    const rideEvents = events.map(readRideEvent).filter((item) => item !== null);
    const stored = await loadRides(trx, [...new Set(rideEvents.map((item) => item.event.data.rideId))]);
    await upsertRows(trx, 'rm_rides', foldRides(stored, rideEvents), { key: ['ride_id'], onConflict: 'replace' });
  },
});
