import {
  driverVerificationDecider,
  driverVerificationStream,
  type DriverVerificationCommand,
} from '../../domain/driverVerification/index.js';
import { lifecycleCommands, type InputOf } from '../shared/lifecycleCommands.js';

export type SubmitDriverApplicationInput = InputOf<DriverVerificationCommand, 'SubmitDriverApplication'>;
export type ApproveDriverInput = InputOf<DriverVerificationCommand, 'ApproveDriver'>;
export type RejectDriverInput = InputOf<DriverVerificationCommand, 'RejectDriver'>;
export type SuspendDriverInput = InputOf<DriverVerificationCommand, 'SuspendDriver'>;
export type ReinstateDriverInput = InputOf<DriverVerificationCommand, 'ReinstateDriver'>;

const verification = lifecycleCommands(driverVerificationDecider, (data) => driverVerificationStream(data.driverId));

/** The driver applies, or applies again after a rejection, with the vehicle and the six documents. */
export const submitDriverApplication = verification('SubmitDriverApplication');
export const approveDriver = verification('ApproveDriver');
export const rejectDriver = verification('RejectDriver');
/**
 * Suspension is recorded at once, whatever the driver is doing. Taking them off duty is the
 * driverDuty reactor's: an online driver goes offline as soon as it sees the suspension; a driver
 * engaged on a ride finishes (or loses) that ride first and goes offline when it is released, so
 * a rider is never left without their driver mid-trip. Until then dispatch offers them nothing
 * and GoOnline refuses them.
 */
export const suspendDriver = verification('SuspendDriver');
export const reinstateDriver = verification('ReinstateDriver');
/** A file the driver uploaded (checked and stored already) is recorded as theirs. */
export const attachDriverDocumentFile = verification('AttachDriverDocumentFile');
export type AttachDriverDocumentFileInput = InputOf<DriverVerificationCommand, 'AttachDriverDocumentFile'>;
