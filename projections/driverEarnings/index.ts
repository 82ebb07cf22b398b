export { driverEarningsProjection } from './projection.js';
export { earningsByDay, earningsSummary, rideEarnings, type Earnings, type EarningsSummary, type RideEarning } from './queries.js';
export { paymentsPerDay, type PaymentsLine } from './paymentsPerDay.js';
export type { DriverEarningsTables } from './driverEarnings.table.js';
