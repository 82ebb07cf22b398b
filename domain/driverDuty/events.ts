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

export const driverDutyEventSchema = z.discriminatedUnion('type', [
  driverWentOnline,
  driverWentOffline,
  driverReserved,
  driverReleased,
]);
export type DriverDutyEvent = z.infer<typeof driverDutyEventSchema>;

export const driverDutyEventVersions = {
  DriverWentOnline: 1,
  DriverWentOffline: 1,
  DriverReserved: 1,
  DriverReleased: 1,
} as const satisfies Record<DriverDutyEvent['type'], number>;
