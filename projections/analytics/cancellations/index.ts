export { cancellations, type CancellationLine } from './queries.js';
