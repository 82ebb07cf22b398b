import { sql, type Kysely, type Transaction } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DriverDutyEvent } from '../../domain/driverDuty/index.js';
import type { DriverVerificationEvent } from '../../domain/driverVerification/index.js';
import type { CommandsDatabase } from '../shared/database.js';
import type { DriverAvailabilityTable } from './dispatch.table.js';

export const availabilityMigrations: Record<string, Migration> = {
  '2026-11-24T00-00_driver_availability': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('dispatch_driver_availability')
        .addColumn('driver_id', 'text', (column) => column.primaryKey())
        .addColumn('user_id', 'text')
        .addColumn('vehicle_type', 'text')
        .addColumn('verified', 'boolean', (column) => column.notNull())
        .addColumn('online', 'boolean', (column) => column.notNull())
        .addColumn('engaged', 'boolean', (column) => column.notNull())
        .execute();
      await db.schema
        .createIndex('dispatch_driver_availability_free')
        .on('dispatch_driver_availability')
        .column('vehicle_type')
        .where(sql<boolean>`online AND verified AND NOT engaged`)
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('dispatch_driver_availability').execute();
    },
  },
};

type Availability = Partial<Omit<DriverAvailabilityTable, 'driver_id'>>;

/** What one driver or verification event changes about a driver's availability. */
export function availabilityChange(event: DriverDutyEvent | DriverVerificationEvent): { driverId: string; change: Availability } | null {
  const { driverId } = event.data;
  switch (event.type) {
    case 'DriverApplicationSubmitted':
      // A new application (or one after a rejection) waits for an admin again.
      return { driverId, change: { user_id: event.data.userId, vehicle_type: event.data.vehicle.type, verified: false } };
    case 'DriverApproved':
    case 'DriverReinstated':
      return { driverId, change: { verified: true } };
    case 'DriverRejected':
    case 'DriverSuspended':
      return { driverId, change: { verified: false } };
    case 'DriverWentOnline':
      return { driverId, change: { online: true, user_id: event.data.userId, vehicle_type: event.data.vehicleType } };
    case 'DriverWentOffline':
      return { driverId, change: { online: false } };
    case 'DriverReserved':
      return { driverId, change: { engaged: true } };
    case 'DriverReleased':
      return { driverId, change: { engaged: false } };
    default:
      return null;
  }
}

export async function applyAvailability(trx: Transaction<CommandsDatabase>, driverId: string, change: Availability): Promise<void> {
  await trx
    .insertInto('dispatch_driver_availability')
    .values({ driver_id: driverId, user_id: null, vehicle_type: null, verified: false, online: false, engaged: false, ...change })
    .onConflict((oc) => oc.column('driver_id').doUpdateSet(change))
    .execute();
}
