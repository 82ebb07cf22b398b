export { ridesPerDayProjection, foldRideOutcome } from './projection.js';
export { ridesPerDay, type RidesPerDayLine } from './queries.js';
export type { RideOutcomeRow, RidesPerDayTables } from './ridesPerDay.table.js';
