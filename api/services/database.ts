import type { Kysely } from 'kysely';
import type { AccountsDatabase } from '../../accounts/index.js';
import type { CommandsDatabase } from '../../commands/shared/database.js';
import type { ProductDatabase } from '../../product/index.js';
import type { ActivityFeedTables, AdminActivityTables } from '../../projections/adminActivity/index.js';
import type { BidOutcomesTables, RideFactsTables } from '../../projections/analytics/index.js';
import type { BidsByRideTables } from '../../projections/bidsByRide/index.js';
import type { DriverEarningsTables } from '../../projections/driverEarnings/index.js';
import type { DriverProfilesTables } from '../../projections/driverProfiles/index.js';
import type { PaymentsTables } from '../../projections/payments/index.js';
import type { PlatformStatsTables } from '../../projections/platformStats/index.js';
import type { ReadModelsDatabase } from '../../projections/registry.js';
import type { RidePinsTables } from '../../projections/ridePins/index.js';
import type { RidesTables } from '../../projections/rides/index.js';
import type { RouteEncodingsTables } from '../../projections/routeEncodings/index.js';
import type { CheckpointDatabase } from '../../projections/runner/index.js';
import type { SafetyTables } from '../../projections/safety/index.js';
import type { StreamCatalogueTables } from '../../projections/streamCatalogue/index.js';

/**
 * Every table the app's one database handle reaches: read models, accounts, product tables,
 * dispatch telemetry (one object type, so that Kysely's `withTables` takes it).
 */
export type SharedTables = { [Table in keyof AllTables]: AllTables[Table] };
type AllTables = ReadModelsDatabase & AccountsDatabase & ProductDatabase & CommandsDatabase;

/**
 * The one database handle the app opens (read models, accounts, product tables, dispatch
 * telemetry share it). Route handlers only pass it on: each module's query functions take it as
 * their own typed `Kysely<Tables>` and they alone write SQL (`npm run lint`: routes-call-services
 * forbids api/routes/ to import kysely or platform/database).
 *
 * Kysely's type is invariant in its tables (a `Kysely<A & B>` is not a `Kysely<A>`), so the handle
 * is typed as what it is to each module: the intersection of their views, each one a subset of
 * `SharedTables` (checked below). Used directly it is a `Kysely<SharedTables>`. A transaction is
 * handed on through `inTransaction`, as the same type.
 */
export type SharedDatabase = Kysely<SharedTables> &
  Kysely<AccountsDatabase> &
  Kysely<ProductDatabase> &
  Kysely<CommandsDatabase> &
  Kysely<CheckpointDatabase> &
  Kysely<StreamCatalogueTables> &
  Kysely<BidsByRideTables> &
  Kysely<RidesTables> &
  Kysely<RidePinsTables> &
  Kysely<DriverProfilesTables> &
  Kysely<DriverEarningsTables> &
  Kysely<PlatformStatsTables> &
  Kysely<RouteEncodingsTables> &
  Kysely<AdminActivityTables> &
  Kysely<ActivityFeedTables> &
  Kysely<SafetyTables> &
  Kysely<PaymentsTables> &
  Kysely<RideFactsTables> &
  Kysely<BidOutcomesTables>;

/** A handle over every shared table, typed as each module's view of it. */
export function sharedDatabase(db: Kysely<SharedTables>): SharedDatabase {
  return db as SharedDatabase;
}

/** Runs `work` in one transaction, handing it the transaction as a `SharedDatabase`. */
export function inTransaction<T>(db: SharedDatabase, work: (trx: SharedDatabase) => Promise<T>): Promise<T> {
  return db.transaction().execute((trx) => work(sharedDatabase(trx)));
}
