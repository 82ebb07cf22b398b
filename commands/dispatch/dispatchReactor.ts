import type { Transaction } from 'kysely';
import { dispatchDecider, dispatchStream, type DispatchCommand, type DispatchEvent } from '../../domain/dispatch/index.js';
import type { DriverDutyEvent } from '../../domain/driverDuty/index.js';
import type { DriverVerificationEvent } from '../../domain/driverVerification/index.js';
import { rideDecider, rideStateName, rideStreamId, type RideEventOf } from '../../domain/ride/index.js';
import type { RecordedEvent } from '../../platform/eventStore/port.js';
import { defineProjection, type Projection } from '../../projections/runner/projection.js';
import { loadState } from '../shared/driverFacts.js';
import type { CommandsDatabase } from '../shared/database.js';
import { lifecycleOptions } from '../shared/services.js';
import { domainEventOf, react, reactionContext, type ReactorDeps } from '../reactors/reaction.js';
import { applyAvailability, availabilityChange, availabilityMigrations } from './availability.js';
import { DISPATCH_H3_RESOLUTION } from './driverLocations.js';
import { findNearestDrivers } from './nearestDrivers.js';
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

/**
 * Offers each ride, as its search starts (RideRequested, or ScheduledRideDispatched for a booked
 * one), to the nearest drivers who could take it, and records whom on the ride's dispatch stream.
 * A ride no longer searching by the time it is processed (taken, cancelled) is not offered.
 * Also keeps the availability table the search reads, from the driver and verification streams.
 */
export function dispatchReactor(deps: ReactorDeps, options: Partial<DispatchOptions> = {}): Projection<CommandsDatabase> {
  const settings = { ...defaultDispatchOptions, ...options };

  const dispatch = async (trx: Transaction<CommandsDatabase>, trigger: RecordedEvent, rideId: string) => {
    const { state } = await loadState(deps.services.store, rideStreamId(rideId), rideDecider);
    const booking = state.context.booking;
    if (booking === null || rideStateName(state) !== 'requested') {
      deps.logger.info({ reactor: NAME, rideId, state: rideStateName(state) }, 'ride no longer searching: not dispatched');
      return;
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
      for (const recorded of events) {
        if (isStreamOf('ride', recorded.streamName)) {
          if (recorded.type === 'RideRequested' || recorded.type === 'ScheduledRideDispatched') {
            await dispatch(trx, recorded, domainEventOf<RideEventOf<'RideRequested' | 'ScheduledRideDispatched'>>(recorded).data.rideId);
          }
        } else if (isStreamOf('driverDuty', recorded.streamName) || isStreamOf('driverVerification', recorded.streamName)) {
          const found = availabilityChange(domainEventOf<DriverDutyEvent | DriverVerificationEvent>(recorded));
          if (found) await applyAvailability(trx, found.driverId, found.change);
        }
      }
    },
  });
}
