import type { Projection } from './runner/projection.js';
import { analyticsReadModels, type AnalyticsTables } from './analytics/index.js';
import { apiReadModels, type ApiReadModelsTables } from './apiReadModels.js';
import { bidsByRideProjection, type BidsByRideTables } from './bidsByRide/index.js';
import { streamCatalogueProjection, type StreamCatalogueTables } from './streamCatalogue/index.js';
import type { CheckpointDatabase } from './runner/index.js';

/** Every read model the app keeps. The runner, the migrations and the rebuild CLI start here. */
export const projections: readonly Projection[] = [streamCatalogueProjection, bidsByRideProjection, ...apiReadModels, ...analyticsReadModels];

/** Every read model's tables, and the projections' checkpoints: one `Kysely<ReadModelsDatabase>` reads them all. */
export type ReadModelsDatabase = StreamCatalogueTables & BidsByRideTables & ApiReadModelsTables & AnalyticsTables & CheckpointDatabase;

export function findProjection(name: string): Projection {
  const projection = projections.find((candidate) => candidate.name === name);
  if (!projection) {
    throw new Error(`name: no projection called "${name}" (known: ${projections.map((p) => p.name).join(', ')})`);
  }
  return projection;
}
