export { platformStatsProjection } from './projection.js';
export { dashboardStats, type DashboardStats, type DayStats } from './queries.js';
export type { PlatformStatsTables } from './platformStats.table.js';
