import type { SnapshotFrom } from 'xstate';
import { assertNever, parseOrInvalid, requireRole } from '../shared/command.js';
import { foldThrough, type DecideDeps, type Decider } from '../shared/decider.js';
import { DomainError } from '../shared/errors.js';
import { dispatchCommandSchema, type DispatchCommand } from './commands.js';
import type { DispatchEvent } from './events.js';
import { dispatchMachine, type DispatchStatus } from './machine.js';

export type DispatchState = SnapshotFrom<typeof dispatchMachine>;

export const dispatchStatus = (state: DispatchState) => state.value as DispatchStatus;

/**
 * A second search for a ride already searched changes nothing: the dispatch reactor may see the
 * ride's request again (a replay after a crash) and must not offer the ride twice.
 */
export function decide(command: DispatchCommand, state: DispatchState, deps: DecideDeps): DispatchEvent[] {
  const parsed = parseOrInvalid(dispatchCommandSchema, command);
  switch (parsed.type) {
    case 'RecordRideOffer': {
      requireRole(parsed.actor, ['system'], parsed.type);
      const { rideId, offers, ring, h3Resolution } = parsed.data;
      if (dispatchStatus(state) !== 'searching') return [];
      const drivers = offers.map((offer) => offer.driverId);
      if (new Set(drivers).size !== drivers.length) {
        throw new DomainError('invalid', 'offers: a driver is offered the ride once', { field: 'offers' });
      }
      const at = deps.now.toISOString();
      return offers.length === 0
        ? [{ type: 'NoDriversNearby', data: { rideId, widestRing: ring, h3Resolution, searchedAt: at } }]
        : [{ type: 'RideOfferedToDrivers', data: { rideId, offers, ring, h3Resolution, offeredAt: at } }];
    }
    default:
      return assertNever(parsed.type);
  }
}

export const dispatchDecider: Decider<DispatchState, DispatchCommand, DispatchEvent> = {
  ...foldThrough(dispatchMachine),
  decide,
};
