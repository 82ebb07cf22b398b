import { z } from 'zod';
import { eventSchema, instantSchema, nonBlank } from '../shared/command.js';
import { vehicleIdSchema } from '../catalogue/schemas.js';
import { streamName } from '../streams.js';

export const driverStream = (driverId: string) => streamName('driverDuty', driverId);

/** Why a reservation ended. `ride_append_lost` is the compensation when the ride went to someone else. */
export const releaseReasons = ['ride_append_lost', 'ride_completed', 'ride_cancelled', 'ride_expired'] as const;
export type ReleaseReason = (typeof releaseReasons)[number];

export const driverWentOnline = eventSchema(
  'DriverWentOnline',
  z.object({ driverId: nonBlank, userId: nonBlank, vehicleType: vehicleIdSchema, wentOnlineAt: instantSchema }),
);

export const driverWentOffline = eventSchema(
  'DriverWentOffline',
  z.object({ driverId: nonBlank, wentOfflineAt: instantSchema }),
);

export const driverReserved = eventSchema(
  'DriverReserved',
  z.object({ driverId: nonBlank, rideId: nonBlank, reservedAt: instantSchema }),
);

export const driverReleased = eventSchema(
  'DriverReleased',
  z.object({ driverId: nonBlank, rideId: nonBlank, reason: z.enum(releaseReasons), releasedAt: instantSchema }),
);

/**
 * The books of a long shift closed: everything the duty fold knows of the shift so far, restated
 * (the driver is online and free; `reservations` is how many rides the shift has taken). A fold may
 * begin here instead of at the shift's DriverWentOnline, so loading a driver reads at most
 * SHIFT_BOOKS_EVERY rides' events however long they stay online.
 */
export const driverShiftCarriedForward = eventSchema(
  'DriverShiftCarriedForward',
  z.object({
    driverId: nonBlank,
    userId: nonBlank,
    vehicleType: vehicleIdSchema,
    onlineSince: instantSchema,
    reservations: z.number().int().nonnegative(),
    carriedForwardAt: instantSchema,
  }),
);

export const driverDutyEventSchema = z.discriminatedUnion('type', [
  driverWentOnline,
  driverWentOffline,
  driverReserved,
  driverReleased,
  driverShiftCarriedForward,
]);
export type DriverDutyEvent = z.infer<typeof driverDutyEventSchema>;

export const driverDutyEventVersions = {
  DriverWentOnline: 1,
  DriverWentOffline: 1,
  DriverReserved: 1,
  DriverReleased: 1,
  DriverShiftCarriedForward: 1,
} as const satisfies Record<DriverDutyEvent['type'], number>;
