import type { Projection } from './runner/projection.js';
import { analyticsReadModels } from './analytics/index.js';
import { apiReadModels } from './apiReadModels.js';
import { bidsByRideProjection } from './bidsByRide/index.js';
import { streamCatalogueProjection } from './streamCatalogue/index.js';

/** Every read model the app keeps. The runner, the migrations and the rebuild CLI start here. */
export const projections: readonly Projection[] = [streamCatalogueProjection, bidsByRideProjection, ...apiReadModels, ...analyticsReadModels];

export function findProjection(name: string): Projection {
  const projection = projections.find((candidate) => candidate.name === name);
  if (!projection) {
    throw new Error(`name: no projection called "${name}" (known: ${projections.map((p) => p.name).join(', ')})`);
  }
  return projection;
}
