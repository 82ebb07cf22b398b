export { routeEncodingsProjection } from './projection.js';
export {
  contributionStats,
  encodingById,
  encodingsByAuthor,
  encodingsMark,
  pendingEncodings,
  verifiedEncodings,
  type ContributionStats,
  type VerifiedEncoding,
} from './queries.js';
export type { RouteEncodingRow, RouteEncodingsTables, RouteEncodingStatus } from './routeEncodings.table.js';
