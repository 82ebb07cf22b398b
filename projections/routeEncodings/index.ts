export { routeEncodingsProjection } from './projection.js';
export { contributionStats, encodingById, encodingsByAuthor, pendingEncodings, type ContributionStats } from './queries.js';
export type { RouteEncodingRow, RouteEncodingsTables, RouteEncodingStatus } from './routeEncodings.table.js';
