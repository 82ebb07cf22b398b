import { z } from 'zod';
import { commandSchema, nonBlank } from '../shared/command.js';
import { documentFileSchema, driverDocumentSchema } from './documents.js';
import { vehicleSchema } from './events.js';

/** The driver applies (or, after a rejection, applies again) with the vehicle and the six documents. */
export const submitDriverApplication = commandSchema(
  'SubmitDriverApplication',
  z.object({
    driverId: nonBlank,
    licenceNumber: nonBlank.max(40),
    vehicle: vehicleSchema,
    documents: z.array(driverDocumentSchema),
  }),
);

export const approveDriver = commandSchema('ApproveDriver', z.object({ driverId: nonBlank }));

export const rejectDriver = commandSchema(
  'RejectDriver',
  z.object({ driverId: nonBlank, reason: nonBlank }),
);

export const suspendDriver = commandSchema(
  'SuspendDriver',
  z.object({ driverId: nonBlank, reason: nonBlank }),
);

export const reinstateDriver = commandSchema('ReinstateDriver', z.object({ driverId: nonBlank }));

/** The driver records a file they uploaded (stored already) against their application. */
export const attachDriverDocumentFile = commandSchema('AttachDriverDocumentFile', documentFileSchema.extend({ driverId: nonBlank }));

export const driverVerificationCommandSchema = z.discriminatedUnion('type', [
  submitDriverApplication,
  approveDriver,
  rejectDriver,
  suspendDriver,
  reinstateDriver,
  attachDriverDocumentFile,
]);
export type DriverVerificationCommand = z.input<typeof driverVerificationCommandSchema>;
