import {
  driverVerificationDecider,
  driverVerificationStream,
  type DriverVerificationCommand,
} from '../../domain/driverVerification/index.js';
import type { Actor } from '../../domain/shared/command.js';
import { handleCommand, type CommandContext } from '../shared/handleCommand.js';
import { decideDeps, lifecycleOptions, type CommandServices } from '../shared/services.js';

type DataOf<Type extends DriverVerificationCommand['type']> = Extract<DriverVerificationCommand, { type: Type }>['data'];

export type SubmitDriverApplicationInput = DataOf<'SubmitDriverApplication'>;
export type ApproveDriverInput = DataOf<'ApproveDriver'>;
export type RejectDriverInput = DataOf<'RejectDriver'>;
export type SuspendDriverInput = DataOf<'SuspendDriver'>;
export type ReinstateDriverInput = DataOf<'ReinstateDriver'>;

/** The driver applies, or applies again after a rejection, with the vehicle and the six documents. */
export function submitDriverApplication(services: CommandServices, input: SubmitDriverApplicationInput, context: CommandContext) {
  return verify(services, { type: 'SubmitDriverApplication', data: input, actor: context.actor as Actor }, context);
}

export function approveDriver(services: CommandServices, input: ApproveDriverInput, context: CommandContext) {
  return verify(services, { type: 'ApproveDriver', data: input, actor: context.actor as Actor }, context);
}

export function rejectDriver(services: CommandServices, input: RejectDriverInput, context: CommandContext) {
  return verify(services, { type: 'RejectDriver', data: input, actor: context.actor as Actor }, context);
}

/**
 * Suspension is recorded at once, whatever the driver is doing. Taking them off duty is the
 * driverDuty reactor's: an online driver goes offline as soon as it sees the suspension; a driver
 * engaged on a ride finishes (or loses) that ride first and goes offline when it is released, so
 * a rider is never left without their driver mid-trip. Until then dispatch offers them nothing
 * and GoOnline refuses them.
 */
export function suspendDriver(services: CommandServices, input: SuspendDriverInput, context: CommandContext) {
  return verify(services, { type: 'SuspendDriver', data: input, actor: context.actor as Actor }, context);
}

export function reinstateDriver(services: CommandServices, input: ReinstateDriverInput, context: CommandContext) {
  return verify(services, { type: 'ReinstateDriver', data: input, actor: context.actor as Actor }, context);
}

function verify(services: CommandServices, command: DriverVerificationCommand, context: CommandContext) {
  return handleCommand(
    services.store,
    driverVerificationStream(command.data.driverId),
    driverVerificationDecider,
    command,
    context,
    decideDeps(services),
    lifecycleOptions(),
  );
}
