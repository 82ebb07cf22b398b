export { cancellationsProjection, foldRideCancellation } from './projection.js';
export { cancellations, type CancellationLine } from './queries.js';
export type { CancellationsTables, RideCancellationRow } from './cancellations.table.js';
