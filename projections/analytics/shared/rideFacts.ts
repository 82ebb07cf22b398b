import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { CityId } from '../../../domain/catalogue/cities.js';
import type { Booking, RideEvent, RideEventOf } from '../../../domain/ride/events.js';
import { nearestCity } from '../../rides/index.js';
import { defineProjection, type Projection } from '../../runner/projection.js';
import { foldRowsPerStream } from '../../shared/foldRows.js';
import { readRideEvent, streamPrefixes, type Stored } from '../../shared/storedEvents.js';
import { anyOf, upsertRows } from '../../shared/upsert.js';

/** What every analytics row of a ride is sliced by, taken from its booking. */
export interface RideDimensions {
  ride_id: string;
  /** The catalogue town nearest the pickup. */
  city: CityId;
  vehicle_type: string;
  pricing_method: Booking['pricingMethod'];
}

/** A ride's row in an analytics fact table: its dimensions, its facts, the last ride event folded in. */
export type RideFactRow = RideDimensions & { last_revision: string };

export type BookingEvent = RideEventOf<'RideRequested'> | RideEventOf<'RideScheduled'>;

export const isBooking = (event: RideEvent): event is BookingEvent => event.type === 'RideRequested' || event.type === 'RideScheduled';

export function dimensionsOf(booking: Booking): RideDimensions {
  return {
    ride_id: booking.rideId,
    city: nearestCity(booking.pickup),
    vehicle_type: booking.vehicleType,
    pricing_method: booking.pricingMethod,
  };
}

/**
 * When the ride started looking for a driver: at once when booked for now, at dispatch when
 * scheduled. The admin dashboard counts "rides requested" the same way (platformStats).
 */
export function searchStartedAt(event: RideEvent): Date | null {
  if (event.type === 'RideRequested') return new Date(event.data.requestedAt);
  if (event.type === 'ScheduledRideDispatched') return new Date(event.data.dispatchedAt);
  return null;
}

/** A ride fact table, as the shared fold and upsert see it: the key, the dimensions and the revision (each model's own facts ride along). */
type RideFactTable = `rm_analytics_${string}`;
type RideFactTables = Record<RideFactTable, RideFactRow>;

/**
 * A ride-keyed analytics model: one row per ride in `table`, made by its booking and changed by
 * the events `fold` cares about (it returns undefined for the rest). Rows are folded per ride in
 * memory and written with one upsert per batch; an event at or below a row's `last_revision` was
 * folded before and is skipped, so a batch delivered twice leaves the rows as they were.
 */
export function defineRideFactsProjection<Row extends RideFactRow>(spec: {
  name: string;
  table: RideFactTable;
  migrations: Record<string, Migration>;
  fold: (row: Row | undefined, item: Stored<RideEvent>) => Omit<Row, 'last_revision'> | undefined;
}): Projection<RideFactTables> {
  const fold = (row: Row | undefined, item: Stored<RideEvent>): Row | undefined => {
    const next = spec.fold(row, item);
    return next && ({ ...next, last_revision: item.revision.toString() } as Row);
  };
  return defineProjection<RideFactTables>({
    name: spec.name,
    filter: { streamNamePrefixes: [streamPrefixes.ride] },
    tables: [spec.table],
    migrations: spec.migrations,
    async handle(trx, events) {
      const rideEvents = events.map(readRideEvent).filter((item) => item !== null);
      const rideIds = [...new Set(rideEvents.map((item) => item.event.data.rideId))];
      if (rideIds.length === 0) return;
      const stored = (await trx.selectFrom(spec.table).selectAll().where('ride_id', '=', anyOf(rideIds)).execute()) as Row[];
      const rows = foldRowsPerStream(new Map(stored.map((row) => [row.ride_id, row])), rideEvents, (event) => event.data.rideId, fold);
      await upsertRows(trx, spec.table, rows, { key: ['ride_id'], onConflict: 'replace' });
    },
  });
}

/** A ride fact table's shared columns (key, dimensions, revision); the caller adds its facts. Used by frozen migrations. */
export function createRideFactTable<Database>(db: Kysely<Database>, table: string) {
  return db.schema
    .createTable(table)
    .addColumn('ride_id', 'text', (column) => column.primaryKey())
    .addColumn('city', 'text', (column) => column.notNull())
    .addColumn('vehicle_type', 'text', (column) => column.notNull())
    .addColumn('pricing_method', 'text', (column) => column.notNull())
    .addColumn('last_revision', 'bigint', (column) => column.notNull());
}
