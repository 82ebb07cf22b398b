export { rideFactsProjection } from './projection.js';
export { foldRideFacts, DEMAND_H3_RESOLUTION } from './foldRideFacts.js';
export type { RideFactsRow, RideFactsTables } from './rideFacts.table.js';
