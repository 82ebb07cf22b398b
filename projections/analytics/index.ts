import type { Projection } from '../runner/projection.js';
import type { BidOutcomesTables } from './bidOutcomes/index.js';
import type { RideFactsTables } from './rideFacts/index.js';
import { bidOutcomesProjection } from './bidOutcomes/index.js';
import { rideFactsProjection } from './rideFacts/index.js';

/**
 * The read models built for analysts (docs/analytics.md): a row per ride (rideFacts) and per bid
 * placement (bidOutcomes), and over them the views of the `analytics` schema, the only thing the
 * `analyst` role may read.
 */
export const analyticsReadModels: readonly Projection[] = [rideFactsProjection, bidOutcomesProjection];

/** The analysts' fact tables, as the API reads them. */
export type AnalyticsTables = RideFactsTables & BidOutcomesTables;

export { ANALYST_ROLE, ANALYTICS_SCHEMA } from './shared/analystAccess.js';
export { MAX_SLICE_DAYS, requireSlice, type AnalyticsSlice } from './shared/slice.js';
export { rideFactsProjection, type RideFactsRow, type RideFactsTables } from './rideFacts/index.js';
export { ridesPerDay, type RidesPerDayLine } from './ridesPerDay/index.js';
export { timeToAssignment, type TimeToAssignmentLine } from './timeToAssignment/index.js';
export { bidOutcomes, type BidsLine, type BidOutcomesTables } from './bidOutcomes/index.js';
export { cancellations, type CancellationLine } from './cancellations/index.js';
export { revenuePerDay, type RevenueLine } from './revenuePerDay/index.js';
export { demandPerCellHour, type DemandLine } from './demandPerCellHour/index.js';
