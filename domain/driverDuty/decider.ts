import type { SnapshotFrom } from 'xstate';
import { foldThrough, type DecideDeps, type Decider } from '../shared/decider.js';
import { DomainError, notAllowedInState } from '../shared/errors.js';
import { assertNever, parseOrInvalid, requireRole, type Actor } from '../shared/command.js';
import { driverDutyCommandSchema, type DriverDutyCommand } from './commands.js';
import type { DriverDutyEvent } from './events.js';
import type { VehicleId } from '../catalogue/vehicles.js';
import { driverDutyMachine, type DriverDutyStatus } from './machine.js';

export type DriverDutyState = SnapshotFrom<typeof driverDutyMachine>;

export const driverDutyStatus = (state: DriverDutyState) => state.value as DriverDutyStatus;

/**
 * Repeats are answered with no events rather than refused: the switch may be tapped twice, and
 * dispatch and its compensations are retried, so GoOnline when on duty, GoOffline when off,
 * ReserveDriver for the ride already held and ReleaseDriver for a ride not held change nothing.
 */
export function decide(command: DriverDutyCommand, state: DriverDutyState, deps: DecideDeps): DriverDutyEvent[] {
  const parsed = parseOrInvalid(driverDutyCommandSchema, command);
  const at = deps.now.toISOString();
  const status = driverDutyStatus(state);
  const { driverId } = parsed.data;
  switch (parsed.type) {
    case 'GoOnline': {
      requireRole(parsed.actor, ['driver'], parsed.type);
      const { verification } = parsed.data;
      requireOwnDriver(parsed.actor, verification.userId);
      requireOwnDriver(parsed.actor, state.context.userId);
      if (verification.status !== 'approved') {
        throw new DomainError('driver_not_verified', `Only an approved driver may go online; this driver's verification is ${verification.status}`, {
          verificationStatus: verification.status,
        });
      }
      if (verification.vehicleType === null) {
        throw new DomainError('invalid', 'data.verification.vehicleType: an approved driver has a vehicle type');
      }
      if (status !== 'offline') return [];
      return possible(parsed.type, state, {
        type: 'DriverWentOnline',
        data: { driverId, userId: parsed.actor.userId, vehicleType: verification.vehicleType, wentOnlineAt: at },
      });
    }
    case 'GoOffline':
      requireRole(parsed.actor, ['driver', 'admin', 'system'], parsed.type);
      if (parsed.actor.role === 'driver') requireOwnDriver(parsed.actor, state.context.userId);
      if (status === 'offline') return [];
      // A driver on a ride finishes or cancels it first; the rider must not lose their driver silently.
      if (status === 'engaged') throw notAllowedInState(parsed.type, `driver is engaged on ride ${state.context.currentRideId}`);
      return possible(parsed.type, state, { type: 'DriverWentOffline', data: { driverId, wentOfflineAt: at } });
    case 'ReserveDriver': {
      requireRole(parsed.actor, ['system', 'driver'], parsed.type);
      if (parsed.actor.role === 'driver') requireOwnDriver(parsed.actor, state.context.userId);
      const { rideId, vehicleType } = parsed.data;
      if (status === 'offline') throw new DomainError('driver_offline', 'The driver is offline', { driverId });
      if (status === 'engaged') {
        if (state.context.currentRideId === rideId) return [];
        throw new DomainError('driver_busy', 'The driver is already engaged on another ride', { driverId });
      }
      if (vehicleType !== state.context.vehicleType) {
        throw new DomainError('vehicle_mismatch', `The ride asks for a ${vehicleType}; the driver is on duty with a ${state.context.vehicleType}`, {
          requested: vehicleType,
          driving: state.context.vehicleType,
        });
      }
      const reserved: DriverDutyEvent = { type: 'DriverReserved', data: { driverId, rideId, reservedAt: at } };
      return [...booksClosedIfDue(state, at), ...possible(parsed.type, state, reserved)];
    }
    case 'ReleaseDriver': {
      requireRole(parsed.actor, ['system', 'admin'], parsed.type);
      const { rideId, reason } = parsed.data;
      const released: DriverDutyEvent = { type: 'DriverReleased', data: { driverId, rideId, reason, releasedAt: at } };
      return state.can(released) ? [released] : [];
    }
    default:
      return assertNever(parsed);
  }
}

/**
 * Rides a shift takes between closings of its books: a fold reads at most about twice as many
 * events (a reservation and a release each) from the last closing or the shift's start. Every
 * accept and every release loads the driver, so this bounds the work of each (at 50, bench:e2e's
 * drivers read 42 events a load on average; at 10, about 11), for one event more every 10 rides.
 */
export const SHIFT_BOOKS_EVERY = 10;

/** Before a reservation on a long shift: its books closed first, so later loads begin there. */
function booksClosedIfDue(state: DriverDutyState, at: string): DriverDutyEvent[] {
  const { driverId, userId, vehicleType, onlineSince, reservationsSinceBooks } = state.context;
  if (reservationsSinceBooks < SHIFT_BOOKS_EVERY || driverId === null || userId === null || vehicleType === null || onlineSince === null) return [];
  return [
    {
      type: 'DriverShiftCarriedForward',
      data: { driverId, userId, vehicleType: vehicleType as VehicleId, onlineSince, reservations: reservationsSinceBooks, carriedForwardAt: at },
    },
  ];
}

function requireOwnDriver(actor: Actor, ownerUserId: string | null): void {
  if (actor.role === 'driver' && ownerUserId !== null && ownerUserId !== actor.userId) {
    throw new DomainError('forbidden', 'A driver may act only for themselves', { userId: actor.userId });
  }
}

function possible(command: string, state: DriverDutyState, event: DriverDutyEvent): DriverDutyEvent[] {
  if (!state.can(event)) throw notAllowedInState(command, `driver is ${driverDutyStatus(state)}`);
  return [event];
}

export const driverDutyDecider: Decider<DriverDutyState, DriverDutyCommand, DriverDutyEvent> = {
  ...foldThrough(driverDutyMachine),
  decide,
  // Going online is only possible from offline, where no ride is held, and it sets everything
  // else the context holds: a shift's fold needs nothing from the shifts before it. A busy
  // driver's stream grows by two events a ride; within a shift, its books are closed every
  // SHIFT_BOOKS_EVERY rides, restating the context the same way. Loading a driver then costs at
  // most that many rides' events, whatever the stream's age and however long the shift.
  resumesAt: ['DriverWentOnline', 'DriverShiftCarriedForward'],
};
