import type { Projection } from '../runner/projection.js';
import type { BidOutcomesTables } from './bidOutcomes/index.js';
import type { CancellationsTables } from './cancellations/index.js';
import type { DemandPerCellHourTables } from './demandPerCellHour/index.js';
import type { RevenuePerDayTables } from './revenuePerDay/index.js';
import type { RidesPerDayTables } from './ridesPerDay/index.js';
import type { TimeToAssignmentTables } from './timeToAssignment/index.js';
import { bidOutcomesProjection } from './bidOutcomes/index.js';
import { cancellationsProjection } from './cancellations/index.js';
import { demandPerCellHourProjection } from './demandPerCellHour/index.js';
import { revenuePerDayProjection } from './revenuePerDay/index.js';
import { ridesPerDayProjection } from './ridesPerDay/index.js';
import { timeToAssignmentProjection } from './timeToAssignment/index.js';

/**
 * The read models built for analysts (docs/analytics.md): each keeps its own fact table and
 * publishes views in the `analytics` schema, the only thing the `analyst` role may read.
 */
export const analyticsReadModels: readonly Projection[] = [
  ridesPerDayProjection,
  timeToAssignmentProjection,
  bidOutcomesProjection,
  cancellationsProjection,
  revenuePerDayProjection,
  demandPerCellHourProjection,
];

/** The analysts' fact tables, as the API reads them. */
export type AnalyticsTables = RidesPerDayTables & TimeToAssignmentTables & BidOutcomesTables & CancellationsTables & RevenuePerDayTables & DemandPerCellHourTables;

export { ANALYST_ROLE, ANALYTICS_SCHEMA } from './shared/analystAccess.js';
export { MAX_SLICE_DAYS, requireSlice, type AnalyticsSlice } from './shared/slice.js';
export { ridesPerDay, type RidesPerDayLine, type RidesPerDayTables } from './ridesPerDay/index.js';
export { timeToAssignment, type TimeToAssignmentLine, type TimeToAssignmentTables } from './timeToAssignment/index.js';
export { bidOutcomes, type BidsLine, type BidOutcomesTables } from './bidOutcomes/index.js';
export { cancellations, type CancellationLine, type CancellationsTables } from './cancellations/index.js';
export { revenuePerDay, type RevenueLine, type RevenuePerDayTables } from './revenuePerDay/index.js';
export { demandPerCellHour, type DemandLine, type DemandPerCellHourTables } from './demandPerCellHour/index.js';
