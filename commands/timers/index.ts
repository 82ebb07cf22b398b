/** Durable timers: the reactor that schedules them from events and the scheduler that fires them. */
export { TimerScheduler, type TimerSchedulerOptions, type FiringOutcome } from './timerScheduler.js';
export { timerSchedulingReactor, timerFor, timersFor, timerIdFor } from './timerSchedulingReactor.js';
export { fireTimer, timerActor } from './timerKinds.js';
export { timerKinds, timerPayloadSchemas, type TimerKind, type TimerPayload } from './timerPayloads.js';
export { timerStatuses, type TimerRow, type TimerStatus, type TimerTables } from './timerTable.js';
