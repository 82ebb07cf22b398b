import { driverDutyDecider, driverStream } from '../../domain/driverDuty/index.js';
import { loadVerificationFact } from '../shared/driverFacts.js';
import type { CommandContext } from '../shared/handleCommand.js';
import { lifecycleCommands } from '../shared/lifecycleCommands.js';
import type { CommandServices } from '../shared/services.js';

export interface DriverInput {
  driverId: string;
}

const duty = lifecycleCommands(driverDutyDecider, (data) => driverStream(data.driverId));
const decideGoOnline = duty('GoOnline');

/**
 * The driver switches on. Whether they may is the verification stream's to say: the handler reads
 * it now and hands the fact to the duty decider, which refuses anyone not approved.
 */
export async function goOnline(services: CommandServices, input: DriverInput, context: CommandContext) {
  const verification = await loadVerificationFact(services.store, input.driverId);
  return decideGoOnline(services, { driverId: input.driverId, verification }, context);
}

/** The driver (or an admin, or the platform) switches off; refused while engaged on a ride. */
export const goOffline = duty('GoOffline');
