import { z } from 'zod';
import { commandSchema, nonBlank } from '../shared/command.js';
import { vehicleIdSchema } from '../catalogue/schemas.js';
import { driverVerificationStatuses } from '../driverVerification/machine.js';
import { releaseReasons } from './events.js';

/**
 * What the handler learnt from the driver's verification stream before going online: the duty
 * stream cannot read another stream, so the fact travels in the command.
 */
export const verificationFactSchema = z.object({
  status: z.enum(driverVerificationStatuses),
  /** The user who applied, null when nobody has. */
  userId: nonBlank.nullable(),
  /** The vehicle on the application, null when nobody has applied. */
  vehicleType: vehicleIdSchema.nullable(),
});
export type VerificationFact = z.infer<typeof verificationFactSchema>;

export const goOnline = commandSchema('GoOnline', z.object({ driverId: nonBlank, verification: verificationFactSchema }));

export const goOffline = commandSchema('GoOffline', z.object({ driverId: nonBlank }));

/** Dispatch (or the driver accepting a fixed-price ride) takes the driver for one ride. */
export const reserveDriver = commandSchema(
  'ReserveDriver',
  z.object({ driverId: nonBlank, rideId: nonBlank, vehicleType: vehicleIdSchema }),
);

export const releaseDriver = commandSchema(
  'ReleaseDriver',
  z.object({ driverId: nonBlank, rideId: nonBlank, reason: z.enum(releaseReasons) }),
);

export const driverDutyCommandSchema = z.discriminatedUnion('type', [goOnline, goOffline, reserveDriver, releaseDriver]);
export type DriverDutyCommand = z.input<typeof driverDutyCommandSchema>;
