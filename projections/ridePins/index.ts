export { ridePinsProjection } from './projection.js';
export { pinForRider, pinLockState, type RiderPin } from './queries.js';
export type { PinStatus, RidePinRow, RidePinsTables } from './ridePins.table.js';
export { foldPin } from './projection.js';
