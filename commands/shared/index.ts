/**
 * What callers outside commands/ need of the handlers' shared kernel: the demo seed issues
 * commands with fixed ids; the live hub reads streams' current state the way handlers do.
 */
export type { CommandServices } from './services.js';
export { toDomainEvent } from './services.js';
export type { CommandContext } from './handleCommand.js';
export { uuidV5 } from './eventIds.js';
export { loadState, loadDriverFacts } from './driverFacts.js';
