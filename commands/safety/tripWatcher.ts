import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { z } from 'zod';
import { MAX_POSITIONS_PER_CHECK } from '../../domain/rideChecks/index.js';
import { parseOrInvalid } from '../../domain/shared/command.js';
import { DomainError } from '../../domain/shared/index.js';
import { migrateToLatest } from '../../platform/database/migrate.js';
import { abortableDelay } from '../../projections/runner/abortableDelay.js';
import { silentLogger, type ProjectionLogger } from '../../projections/runner/logger.js';
import { uuidV5 } from '../shared/eventIds.js';
import { checkTripProgress } from '../rideChecks/index.js';
import type { CommandsDatabase } from '../shared/database.js';
import type { CommandServices } from '../shared/services.js';

/** Frozen in time: a later change is a new migration, never an edit. */
const trailMigrations: Record<string, Migration> = {
  '2026-11-26T00-00_trip_positions': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('trip_positions')
        .addColumn('ride_id', 'text', (column) => column.notNull())
        .addColumn('at', 'timestamptz', (column) => column.notNull())
        .addColumn('lat', 'double precision', (column) => column.notNull())
        .addColumn('lng', 'double precision', (column) => column.notNull())
        .addPrimaryKeyConstraint('trip_positions_pkey', ['ride_id', 'at'])
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('trip_positions').execute();
    },
  },
};

/** The trail's table (telemetry: a rebuild of the reactors never wipes it). */
export async function migrateTripTrail<Database>(db: Kysely<Database>): Promise<void> {
  await migrateToLatest(db, 'trip_trail', trailMigrations);
}

const tripPositionInput = z.object({
  driverId: z.string().trim().min(1, 'must not be blank'),
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
  at: z.date(),
});
export type TripPositionInput = z.input<typeof tripPositionInput>;

/**
 * Files a driver's position on the trip they are driving, if any (the location route calls it
 * after storing the position). One statement: the trip is found and the position kept together;
 * a driver with no trip under way files nothing. Answers the ride it was filed on.
 */
export async function recordTripPosition(db: Kysely<CommandsDatabase>, input: TripPositionInput): Promise<string | null> {
  const { driverId, lat, lng, at } = parseOrInvalid(tripPositionInput, input);
  const filed = await db
    .insertInto('trip_positions')
    .columns(['ride_id', 'at', 'lat', 'lng'])
    .expression((eb) =>
      eb
        .selectFrom('reactor_safety_trips')
        .select((inner) => ['ride_id', inner.val(at).as('at'), inner.val(lat).as('lat'), inner.val(lng).as('lng')])
        .where('driver_id', '=', driverId)
        .where('ended_at', 'is', null)
        .where('started_at', '<=', at),
    )
    .onConflict((oc) => oc.columns(['ride_id', 'at']).doNothing())
    .returning('ride_id')
    .executeTakeFirst();
  return filed?.ride_id ?? null;
}

/** The trail of one trip, oldest first (its latest MAX_POSITIONS_PER_CHECK positions). */
export async function tripTrail(db: Kysely<CommandsDatabase>, rideId: string): Promise<Array<{ lat: number; lng: number; at: string }>> {
  const rows = await db
    .selectFrom('trip_positions')
    .select(['lat', 'lng', 'at'])
    .where('ride_id', '=', rideId)
    .orderBy('at', 'desc')
    .limit(MAX_POSITIONS_PER_CHECK)
    .execute();
  return rows.reverse().map(({ lat, lng, at }) => ({ lat, lng, at: at.toISOString() }));
}

export interface TripWatcherOptions {
  services: CommandServices;
  logger?: ProjectionLogger;
  /** How often every trip under way is looked at (default 20 s: a stop is asked about within 20 s of reaching five minutes). */
  intervalMs?: number;
}

/**
 * The ride-check watcher: every `intervalMs` it looks at each trip under way, hands the trail of
 * the driver's positions to CheckTripProgress, and the decider raises a check for each condition
 * (a long unexplained stop, a detour off the corridor, a trip far longer than its estimate) not
 * asked about before. Safe in several processes at once: a check is raised once per episode by
 * the ride-check stream's expected revision.
 */
export class TripWatcher {
  private readonly stopping = new AbortController();
  private loop: Promise<void> | undefined;
  private readonly logger: ProjectionLogger;

  constructor(private readonly options: TripWatcherOptions) {
    this.logger = options.logger ?? silentLogger;
  }

  start(): void {
    this.loop ??= this.keepWatching();
  }

  async stop(): Promise<void> {
    this.stopping.abort();
    await this.loop;
  }

  /** One look at every trip under way; answers how many checks it raised. */
  async watchOnce(): Promise<number> {
    const { services } = this.options;
    const trips = await services.db.selectFrom('reactor_safety_trips').select('ride_id').where('ended_at', 'is', null).orderBy('started_at').execute();
    let raised = 0;
    for (const { ride_id: rideId } of trips) {
      try {
        const positions = await tripTrail(services.db, rideId);
        const now = services.clock.now();
        // One command id per trip per moment looked: a retry of the same look appends nothing twice.
        const context = {
          commandId: uuidV5(`trip-watch\u0000${rideId}\u0000${now.toISOString()}`),
          correlationId: rideId,
          actor: { userId: 'trip-watcher', role: 'system' as const },
        };
        // The corridor is the road route the rider was quoted (checkTripProgress reads it from the booking).
        const result = await checkTripProgress(services, { rideId, positions }, context);
        raised += result.repeated ? 0 : result.events.length;
      } catch (error) {
        // The trip ended a moment ago (the reactor has not noted it yet): nothing to watch.
        if (error instanceof DomainError) continue;
        this.logger.warn({ err: error, rideId }, 'trip watcher: a trip could not be checked');
      }
    }
    return raised;
  }

  private async keepWatching(): Promise<void> {
    const { signal } = this.stopping;
    while (!signal.aborted) {
      try {
        await this.watchOnce();
      } catch (error) {
        this.logger.warn({ err: error }, 'trip watcher: could not look at the trips under way; trying again');
      }
      await abortableDelay(this.options.intervalMs ?? 20_000, signal);
    }
  }
}
