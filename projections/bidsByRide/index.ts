export { bidsByRideProjection } from './projection.js';
export { bidsForRide, findBid } from './queries.js';
export type { BidsByRideRow, BidsByRideTables } from './bidsByRide.table.js';
export { summariseBids } from './projection.js';
