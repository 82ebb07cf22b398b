/** The safety net's read models: incidents, trusted contacts, ride messages, share links. */
export { safetyProjection } from './projection.js';
export * from './queries.js';
export type * from './safety.table.js';
