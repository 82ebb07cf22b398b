export { revenuePerDayProjection, foldRideRevenue } from './projection.js';
export { revenuePerDay, type RevenueLine } from './queries.js';
export type { RevenuePerDayTables, RideRevenueRow } from './revenuePerDay.table.js';
