import { assertEvent, assign, setup } from 'xstate';
import type { DriverDutyEvent } from './events.js';

export interface DriverDutyContext {
  driverId: string | null;
  /** The user behind this driver, known once they have gone online. */
  userId: string | null;
  /** The vehicle the driver is on duty with, captured when going online. */
  vehicleType: string | null;
  /** The one ride the driver is engaged on, if any. */
  currentRideId: string | null;
  onlineSince: string | null;
  /** Rides reserved since the shift began or its books were last closed (DriverShiftCarriedForward). */
  reservationsSinceBooks: number;
}

/**
 * offline ⇄ online → engaged → online. A driver is engaged on at most one ride: the reservation
 * is the only way in and the release of that same ride the only way out. A long shift's books
 * are closed while online and free (DriverShiftCarriedForward), restating the context.
 */
export const driverDutyMachine = setup({
  types: {
    context: {} as DriverDutyContext,
    events: {} as DriverDutyEvent,
  },
  guards: {
    releasesTheCurrentRide: ({ context, event }) => {
      assertEvent(event, 'DriverReleased');
      return event.data.rideId === context.currentRideId;
    },
  },
  actions: {
    recordOnline: assign(({ event }) => {
      assertEvent(event, 'DriverWentOnline');
      const { driverId, userId, vehicleType, wentOnlineAt } = event.data;
      return { driverId, userId, vehicleType, onlineSince: wentOnlineAt, currentRideId: null, reservationsSinceBooks: 0 };
    }),
    // Restates the whole context, as going online does: a fold may begin at this event.
    recordBooksClosed: assign(({ event }) => {
      assertEvent(event, 'DriverShiftCarriedForward');
      const { driverId, userId, vehicleType, onlineSince } = event.data;
      return { driverId, userId, vehicleType, onlineSince, currentRideId: null, reservationsSinceBooks: 0 };
    }),
    recordOffline: assign({ onlineSince: null }),
    recordReservation: assign(({ context, event }) => {
      assertEvent(event, 'DriverReserved');
      return { currentRideId: event.data.rideId, reservationsSinceBooks: context.reservationsSinceBooks + 1 };
    }),
    recordRelease: assign({ currentRideId: null }),
  },
}).createMachine({
  id: 'driverDuty',
  context: { driverId: null, userId: null, vehicleType: null, currentRideId: null, onlineSince: null, reservationsSinceBooks: 0 },
  initial: 'offline',
  states: {
    offline: {
      on: {
        DriverWentOnline: { target: 'online', actions: 'recordOnline' },
        // Only where a fold begins at the closed books (the shift's start was not read).
        DriverShiftCarriedForward: { target: 'online', actions: 'recordBooksClosed' },
      },
    },
    online: {
      on: {
        DriverWentOffline: { target: 'offline', actions: 'recordOffline' },
        DriverReserved: { target: 'engaged', actions: 'recordReservation' },
        DriverShiftCarriedForward: { actions: 'recordBooksClosed' },
      },
    },
    engaged: {
      on: { DriverReleased: { guard: 'releasesTheCurrentRide', target: 'online', actions: 'recordRelease' } },
    },
  },
});

export const driverDutyStatuses = ['offline', 'online', 'engaged'] as const;
export type DriverDutyStatus = (typeof driverDutyStatuses)[number];
