import { driverDutyDecider, driverStream, type DriverDutyCommand } from '../../domain/driverDuty/index.js';
import type { Actor } from '../../domain/shared/command.js';
import { loadVerificationFact } from '../shared/driverFacts.js';
import { handleCommand, type CommandContext } from '../shared/handleCommand.js';
import { decideDeps, lifecycleOptions, type CommandServices } from '../shared/services.js';

export interface DriverInput {
  driverId: string;
}

/**
 * The driver switches on. Whether they may is the verification stream's to say: the handler reads
 * it now and hands the fact to the duty decider, which refuses anyone not approved.
 */
export async function goOnline(services: CommandServices, input: DriverInput, context: CommandContext) {
  const verification = await loadVerificationFact(services.store, input.driverId);
  return onDuty(services, { type: 'GoOnline', data: { driverId: input.driverId, verification }, actor: context.actor as Actor }, context);
}

/** The driver (or an admin, or the platform) switches off; refused while engaged on a ride. */
export async function goOffline(services: CommandServices, input: DriverInput, context: CommandContext) {
  return onDuty(services, { type: 'GoOffline', data: { driverId: input.driverId }, actor: context.actor as Actor }, context);
}

function onDuty(services: CommandServices, command: DriverDutyCommand, context: CommandContext) {
  return handleCommand(
    services.store,
    driverStream(command.data.driverId),
    driverDutyDecider,
    command,
    context,
    decideDeps(services),
    lifecycleOptions(),
  );
}
