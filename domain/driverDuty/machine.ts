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
}

/**
 * offline ⇄ online → engaged → online. A driver is engaged on at most one ride: the reservation
 * is the only way in and the release of that same ride the only way out.
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
      return { driverId, userId, vehicleType, onlineSince: wentOnlineAt };
    }),
    recordOffline: assign({ onlineSince: null }),
    recordReservation: assign(({ event }) => {
      assertEvent(event, 'DriverReserved');
      return { currentRideId: event.data.rideId };
    }),
    recordRelease: assign({ currentRideId: null }),
  },
}).createMachine({
  id: 'driverDuty',
  context: { driverId: null, userId: null, vehicleType: null, currentRideId: null, onlineSince: null },
  initial: 'offline',
  states: {
    offline: {
      on: { DriverWentOnline: { target: 'online', actions: 'recordOnline' } },
    },
    online: {
      on: {
        DriverWentOffline: { target: 'offline', actions: 'recordOffline' },
        DriverReserved: { target: 'engaged', actions: 'recordReservation' },
      },
    },
    engaged: {
      on: { DriverReleased: { guard: 'releasesTheCurrentRide', target: 'online', actions: 'recordRelease' } },
    },
  },
});

export const driverDutyStatuses = ['offline', 'online', 'engaged'] as const;
export type DriverDutyStatus = (typeof driverDutyStatuses)[number];
