export { bidOutcomesProjection } from './projection.js';
export { foldBidPlacements, readBidEvent } from './foldBids.js';
export { bidOutcomes, type BidsLine } from './queries.js';
export type { BidOutcomesTables, BidPlacementRow } from './bidOutcomes.table.js';
