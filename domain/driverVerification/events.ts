import { z } from 'zod';
import { vehicleIdSchema } from '../catalogue/schemas.js';
import { eventSchema, instantSchema, nonBlank } from '../shared/command.js';
import { documentFileSchema, driverDocumentSchema } from './documents.js';
import { streamName } from '../streams.js';

export const driverVerificationStream = (driverId: string) => streamName('driverVerification', driverId);

export const vehicleSchema = z.object({
  make: nonBlank.max(60),
  model: nonBlank.max(60),
  year: z.int().min(1950).max(2100),
  colour: nonBlank.max(40),
  plateNumber: nonBlank.max(20).transform((plate) => plate.toUpperCase().replace(/\s+/g, ' ')),
  /** The catalogue service the driver offers with this vehicle; rides of that type are theirs to take. */
  type: vehicleIdSchema,
});
export type Vehicle = z.infer<typeof vehicleSchema>;

export const driverApplicationSubmitted = eventSchema(
  'DriverApplicationSubmitted',
  z.object({
    driverId: nonBlank,
    userId: nonBlank,
    licenceNumber: nonBlank,
    vehicle: vehicleSchema,
    documents: z.array(driverDocumentSchema),
    submittedAt: instantSchema,
  }),
);

export const driverApproved = eventSchema(
  'DriverApproved',
  z.object({ driverId: nonBlank, approvedBy: nonBlank, approvedAt: instantSchema }),
);

export const driverRejected = eventSchema(
  'DriverRejected',
  z.object({ driverId: nonBlank, rejectedBy: nonBlank, reason: nonBlank, rejectedAt: instantSchema }),
);

export const driverSuspended = eventSchema(
  'DriverSuspended',
  z.object({ driverId: nonBlank, suspendedBy: nonBlank, reason: nonBlank, suspendedAt: instantSchema }),
);

export const driverReinstated = eventSchema(
  'DriverReinstated',
  z.object({ driverId: nonBlank, reinstatedBy: nonBlank, reinstatedAt: instantSchema }),
);

/**
 * The driver uploaded a photo or PDF of a document (or of the vehicle). The bytes were checked by
 * content, stripped of metadata and stored encrypted before this was appended; the event is the
 * only record that the file belongs to this driver.
 */
export const driverDocumentFileAttached = eventSchema(
  'DriverDocumentFileAttached',
  documentFileSchema.extend({ driverId: nonBlank, userId: nonBlank, attachedAt: instantSchema }),
);

export const driverVerificationEventSchema = z.discriminatedUnion('type', [
  driverApplicationSubmitted,
  driverApproved,
  driverRejected,
  driverSuspended,
  driverReinstated,
  driverDocumentFileAttached,
]);
export type DriverVerificationEvent = z.infer<typeof driverVerificationEventSchema>;
export type DriverApplicationSubmitted = z.infer<typeof driverApplicationSubmitted>;

/** The schema version each event type is written at today; older stored versions go through upcasters. */
export const driverVerificationEventVersions = {
  DriverApplicationSubmitted: 1,
  DriverApproved: 1,
  DriverRejected: 1,
  DriverSuspended: 1,
  DriverReinstated: 1,
  DriverDocumentFileAttached: 1,
} as const satisfies Record<DriverVerificationEvent['type'], number>;
