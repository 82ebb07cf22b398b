/** Durable timers: the reactor that schedules them from events and the scheduler that fires them. */
export { TimerScheduler, type TimerSchedulerOptions, type FiringOutcome } from './timerScheduler.js';
export { timerSchedulingReactor, timerFor, timerIdFor } from './timerSchedulingReactor.js';
export { fireTimer, timerActor, timerKinds, timerPayloadSchemas, type TimerKind, type TimerPayload } from './timerKinds.js';
export { timerStatuses, type TimerRow, type TimerStatus, type TimerTables } from './timerTable.js';
