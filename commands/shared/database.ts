import type { DriverAvailabilityTables, DriverLocationTables } from '../dispatch/dispatch.table.js';
import type { PaymentCollectionTables } from '../payment/collectionTable.js';
import type { SafetyNetTables, TripTrailTables } from '../safety/safety.table.js';
import type { TimerTables } from '../timers/timerTable.js';

/**
 * The write side's own tables (not events): durable timers, drivers' last positions, who
 * could take a ride now, and the mobile-money requests and refunds in flight. Every function of commands/ that touches them takes `Kysely<CommandsDatabase>`
 * (Kysely's types are invariant in the database: one type for the module, or casts everywhere).
 */
export type CommandsDatabase = TimerTables & DriverLocationTables & DriverAvailabilityTables & PaymentCollectionTables & SafetyNetTables & TripTrailTables;
