import { defineProjection } from '../../runner/projection.js';
import { foldRowsPerStream } from '../../shared/foldRows.js';
import { readRideEvent, streamPrefixes, type Stored } from '../../shared/storedEvents.js';
import { anyOf, upsertRows } from '../../shared/upsert.js';
import type { RideEvent } from '../../../domain/ride/events.js';
import { foldRideFacts } from './foldRideFacts.js';
import { rideFactsMigrations } from './migrations.js';
import type { RideFactsRow, RideFactsTables } from './rideFacts.table.js';

const fold = (row: RideFactsRow | undefined, item: Stored<RideEvent>): RideFactsRow | undefined => {
  const next = foldRideFacts(row, item);
  return next && { ...next, last_revision: item.revision.toString() };
};

/**
 * Every analytics view about rides reads this one row per ride (rides per day, time to
 * assignment, cancellations, revenue, demand per cell). Rows are folded per ride in memory and
 * written with one upsert per batch; an event at or below a row's `last_revision` was folded
 * before and is skipped, so a batch delivered twice leaves the rows as they were.
 */
export const rideFactsProjection = defineProjection<RideFactsTables>({
  name: 'rideFacts',
  filter: { streamNamePrefixes: [streamPrefixes.ride] },
  tables: ['rm_analytics_rides'],
  migrations: rideFactsMigrations,
  async handle(trx, events) {
    const rideEvents = events.map(readRideEvent).filter((item) => item !== null);
    const rideIds = [...new Set(rideEvents.map((item) => item.event.data.rideId))];
    if (rideIds.length === 0) return;
    const stored = await trx.selectFrom('rm_analytics_rides').selectAll().where('ride_id', '=', anyOf(rideIds)).execute();
    const rows = foldRowsPerStream(new Map(stored.map((row) => [row.ride_id, row])), rideEvents, (event) => event.data.rideId, fold);
    await upsertRows(trx, 'rm_analytics_rides', rows, { key: ['ride_id'], onConflict: 'replace' });
  },
});
