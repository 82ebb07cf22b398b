import { latLngToCell } from 'h3-js';
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { z } from 'zod';
import { DISPATCH_H3_RESOLUTION } from '../../domain/dispatch/index.js';
import { parseOrInvalid } from '../../domain/shared/command.js';
import { migrateToLatest } from '../../platform/database/migrate.js';
import type { CommandsDatabase } from '../shared/database.js';
import type { DriverLocationTable } from './dispatch.table.js';

export { DISPATCH_H3_RESOLUTION };
export type { DriverLocationTable, DriverLocationTables } from './dispatch.table.js';

/** Frozen in time: a later change is a new migration, never an edit. */
const telemetryMigrations: Record<string, Migration> = {
  '2026-11-24T00-00_driver_locations': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('driver_locations')
        .addColumn('driver_id', 'text', (column) => column.primaryKey())
        .addColumn('lat', 'double precision', (column) => column.notNull())
        .addColumn('lng', 'double precision', (column) => column.notNull())
        .addColumn('h3_cell', 'text', (column) => column.notNull())
        .addColumn('heading', 'double precision')
        .addColumn('updated_at', 'timestamptz', (column) => column.notNull())
        .execute();
      await db.schema.createIndex('driver_locations_by_cell').on('driver_locations').columns(['h3_cell', 'updated_at']).execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('driver_locations').execute();
    },
  },
};

/** The telemetry tables (not rebuilt from events: a rebuild must never wipe where drivers are). */
export async function migrateDispatchTelemetry<Database>(db: Kysely<Database>): Promise<void> {
  await migrateToLatest(db, 'dispatch_telemetry', telemetryMigrations);
}

const driverLocationSchema = z.object({
  driverId: z.string().trim().min(1, 'must not be blank'),
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
  heading: z.number().min(0).max(360).nullable().default(null),
  at: z.date(),
});
export type DriverLocationInput = z.input<typeof driverLocationSchema>;

/**
 * Stores a driver's position (the API calls it every few seconds while the driver is online).
 * A ping older than the one stored is ignored: phones on patchy networks deliver out of order.
 * Answers the H3 cell, for pushing the position to whoever watches that part of the map.
 */
export async function recordDriverLocation(db: Kysely<CommandsDatabase>, input: DriverLocationInput): Promise<{ h3Cell: string; stored: boolean }> {
  const { driverId, lat, lng, heading, at } = parseOrInvalid(driverLocationSchema, input);
  const h3Cell = latLngToCell(lat, lng, DISPATCH_H3_RESOLUTION);
  const result = await db
    .insertInto('driver_locations')
    .values({ driver_id: driverId, lat, lng, h3_cell: h3Cell, heading, updated_at: at })
    .onConflict((oc) =>
      oc
        .column('driver_id')
        .doUpdateSet((eb) => ({
          lat: eb.ref('excluded.lat'),
          lng: eb.ref('excluded.lng'),
          h3_cell: eb.ref('excluded.h3_cell'),
          heading: eb.ref('excluded.heading'),
          updated_at: eb.ref('excluded.updated_at'),
        }))
        .where('driver_locations.updated_at', '<=', at),
    )
    .executeTakeFirst();
  return { h3Cell, stored: result.numInsertedOrUpdatedRows === 1n };
}

/** A driver's last known position, for the rider's tracking screen; undefined if never reported. */
export async function findDriverLocation(db: Kysely<CommandsDatabase>, driverId: string): Promise<DriverLocationTable | undefined> {
  return db.selectFrom('driver_locations').selectAll().where('driver_id', '=', driverId).executeTakeFirst();
}

/** The last known positions of several drivers (the distance shown beside each bid); never-reported ones are left out. */
export async function findDriverLocations(
  db: Kysely<CommandsDatabase>,
  driverIds: readonly string[],
): Promise<Pick<DriverLocationTable, 'driver_id' | 'lat' | 'lng'>[]> {
  if (driverIds.length === 0) return [];
  return db.selectFrom('driver_locations').select(['driver_id', 'lat', 'lng']).where('driver_id', 'in', driverIds).execute();
}
