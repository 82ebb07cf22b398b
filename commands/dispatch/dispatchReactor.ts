import type { Transaction } from 'kysely';
import { dispatchDecider, dispatchStream, type DispatchCommand, type DispatchEvent } from '../../domain/dispatch/index.js';
import type { DriverDutyEvent } from '../../domain/driverDuty/index.js';
import type { DriverVerificationEvent } from '../../domain/driverVerification/index.js';
import { rideDecider, rideStateName, rideStreamId, type RideEventOf, type RideState } from '../../domain/ride/index.js';
import { settleWithin } from '../../platform/boundedConcurrency.js';
import type { RecordedEvent } from '../../platform/eventStore/port.js';
import { defineProjection, type Projection } from '../../projections/runner/projection.js';
import { loadState } from '../shared/driverFacts.js';
import type { CommandsDatabase } from '../shared/database.js';
import { lifecycleOptions } from '../shared/services.js';
import { REACTION_CONCURRENCY, reactPerKey } from '../reactors/perKey.js';
import { domainEventOf, react, reactionContext, type ReactorDeps } from '../reactors/reaction.js';
import { applyAvailability, availabilityChange, availabilityMigrations } from './availability.js';
import { DISPATCH_H3_RESOLUTION } from './driverLocations.js';
import { findNearestDrivers, type NearestDrivers } from './nearestDrivers.js';
import { isStreamOf } from '../../domain/streams.js';

export interface DispatchOptions {
  /** How many drivers one ride is offered to at once. */
  maxOffers: number;
  /** How far dispatch looks for a driver. */
  maxRadiusKm: number;
  /** A driver whose phone has not reported for longer is not offered rides. */
  locationFreshSeconds: number;
}

export const defaultDispatchOptions: DispatchOptions = { maxOffers: 5, maxRadiusKm: 10, locationFreshSeconds: 120 };

const NAME = 'dispatch';

const dispatchOptions = lifecycleOptions<DispatchEvent>();

/** A ride whose search starts with `trigger`: RideRequested, or ScheduledRideDispatched for a booked one. */
const searchStartOf = (recorded: RecordedEvent): string | null =>
  isStreamOf('ride', recorded.streamName) && (recorded.type === 'RideRequested' || recorded.type === 'ScheduledRideDispatched')
    ? domainEventOf<RideEventOf<'RideRequested' | 'ScheduledRideDispatched'>>(recorded).data.rideId
    : null;

/** An offer decided in a page's order, recorded after: whom the search for the ride found. */
interface Offer {
  trigger: RecordedEvent;
  rideId: string;
  found: NearestDrivers;
}

/**
 * Offers each ride, as its search starts (RideRequested, or ScheduledRideDispatched for a booked
 * one), to the nearest drivers who could take it, and records whom on the ride's dispatch stream.
 * A ride no longer searching by the time it is processed (taken, cancelled) is not offered.
 * Also keeps the availability table the search reads, from the driver and verification streams.
 *
 * A page is handled in three steps:
 * 1. the page's rides are read from the store, side by side (at most REACTION_CONCURRENCY at
 *    once): each is the ride as it stands while the page is processed, as it always was;
 * 2. in the page's order, on the page's transaction: the availability changes are applied and
 *    each searching ride looks for drivers, so a search sees the availability exactly as of its
 *    event's place in the page (a driver who went online after the request is not offered it);
 * 3. the offers are recorded, one ride's in order, rides side by side. An offer lands on the
 *    ride's dispatch stream, which nothing in steps 1 and 2 reads. A failure fails the page,
 *    which is applied again; the commands' ids come from their trigger events.
 */
export function dispatchReactor(deps: ReactorDeps, options: Partial<DispatchOptions> = {}): Projection<CommandsDatabase> {
  const settings = { ...defaultDispatchOptions, ...options };

  /** The ride's offer, if it is still searching: whom the search found, as of now in the page. */
  const decideOffer = async (trx: Transaction<CommandsDatabase>, trigger: RecordedEvent, rideId: string, state: RideState) => {
    const booking = state.context.booking;
    if (booking === null || rideStateName(state) !== 'requested') {
      deps.logger.info({ reactor: NAME, rideId, state: rideStateName(state) }, 'ride no longer searching: not dispatched');
      return null;
    }
    const now = deps.services.clock.now();
    const found = await findNearestDrivers(trx, {
      pickup: booking.pickup,
      vehicleType: booking.vehicleType,
      freshSince: new Date(now.getTime() - settings.locationFreshSeconds * 1000),
      maxOffers: settings.maxOffers,
      maxRadiusKm: settings.maxRadiusKm,
      riderId: booking.riderId,
    });
    return { trigger, rideId, found } satisfies Offer;
  };

  const recordOffer = async ({ trigger, rideId, found }: Offer) => {
    const context = reactionContext(trigger, `dispatch:${rideId}`, NAME);
    const command: DispatchCommand = {
      type: 'RecordRideOffer',
      data: { rideId, offers: found.offers, ring: found.ring, h3Resolution: DISPATCH_H3_RESOLUTION },
      actor: context.actor,
    };
    await react(deps, { stream: dispatchStream(rideId), decider: dispatchDecider, command }, context, dispatchOptions);
  };

  return defineProjection<CommandsDatabase>({
    name: NAME,
    // It issues commands: its own transaction, so the read models do not wait on them.
    ownTransaction: true,
    filter: {
      eventTypePrefixes: [
        'RideRequested',
        'ScheduledRideDispatched',
        'DriverApplicationSubmitted',
        'DriverApproved',
        'DriverRejected',
        'DriverSuspended',
        'DriverReinstated',
        'DriverWentOnline',
        'DriverWentOffline',
        'DriverReserved',
        'DriverReleased',
      ],
    },
    tables: ['dispatch_driver_availability'],
    migrations: availabilityMigrations,
    async handle(trx, events) {
      const searches = events.map(searchStartOf);
      const rideIds = [...new Set(searches.filter((rideId) => rideId !== null))];
      const loaded = await settleWithin(
        rideIds.map((rideId) => async () => (await loadState(deps.services.store, rideStreamId(rideId), rideDecider)).state),
        REACTION_CONCURRENCY,
        { stopOnFailure: true },
      );
      const rides = new Map(rideIds.map((rideId, index) => [rideId, loaded[index]!]));

      const offers: Offer[] = [];
      for (const [index, recorded] of events.entries()) {
        const rideId = searches[index]!;
        if (rideId !== null) {
          const offer = await decideOffer(trx, recorded, rideId, rides.get(rideId)!);
          if (offer) offers.push(offer);
        } else if (isStreamOf('driverDuty', recorded.streamName) || isStreamOf('driverVerification', recorded.streamName)) {
          const found = availabilityChange(domainEventOf<DriverDutyEvent | DriverVerificationEvent>(recorded));
          if (found) await applyAvailability(trx, found.driverId, found.change);
        }
      }

      await reactPerKey(offers, (offer) => offer.rideId, recordOffer);
    },
  });
}
