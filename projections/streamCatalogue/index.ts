export { streamCatalogueProjection } from './projection.js';
export { findStream, listStreams, summariseCategories, type CategorySummary } from './queries.js';
export type { StreamCatalogueRow, StreamCatalogueTables } from './streamCatalogue.table.js';
