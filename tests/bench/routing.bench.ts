/**
 * npm run bench:routing — what the offline router costs on a town-sized network: building the
 * graph (as at start-up, and again each time the verified routes change), and routing trips across
 * it, against the baseline of the same trips' great-circle estimates (what quotes cost before
 * routes). The network is a generated street grid (`--size N` streets each way, 200 m apart;
 * 150 by default: 45,000 street segments over 30 × 30 km, about Kitwe's extent) with one verified
 * route per 10 streets. Prints each figure and ends with one JSON line holding them all.
 */
import { parseArgs } from 'node:util';
import { estimateTrip } from '../../domain/fare/route.js';
import { createOfflineRouter } from '../../platform/routing/offline/offlineRouter.js';
import type { NetworkRoad, VerifiedRoute } from '../../platform/routing/offline/roadNetwork.js';
import { roadGrid } from '../support/roadGrid.js';

const { values } = parseArgs({ options: { size: { type: 'string', default: '150' }, trips: { type: 'string', default: '200' } } });
const size = Number(values.size);
const tripCount = Number(values.trips);
const grid = roadGrid({ size, spacingKm: 0.2 });
const roads: NetworkRoad[] = [...grid.streets, ...grid.avenues].map(({ name, coordinates }) => ({
  name,
  coordinates,
  ref: null,
  roadClass: 'residential',
  oneway: false,
  maxSpeedKmh: null,
}));
const verified: VerifiedRoute[] = Array.from({ length: Math.floor(size / 10) }, (_, index) => ({
  encodingId: `bench-${index}`,
  streetNames: [`Shortcut ${index}`],
  coordinates: [grid.at(index * 10, 0), grid.at(index * 10 + 5, 5), grid.at(index * 10 + 9, 9)],
}));

/** A deterministic spread of trips (no Math.random: runs compare). */
const trips = Array.from({ length: tripCount }, (_, index) => {
  const pick = (salt: number) => (index * 7919 + salt * 104729) % size;
  return [grid.offset(grid.at(pick(1), pick(2)), 0.05, 0.07), grid.offset(grid.at(pick(3), pick(4)), -0.04, 0.03)];
});

const time = <T>(work: () => T): [T, number] => {
  const started = performance.now();
  const result = work();
  return [result, performance.now() - started];
};
const percentile = (sorted: number[], share: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))]!;

const heapBefore = process.memoryUsage().heapUsed;
const [router, buildMs] = time(() => createOfflineRouter({ source: 'openstreetmap', attribution: 'bench', roads }, verified));
const heapMb = (process.memoryUsage().heapUsed - heapBefore) / 1e6;
const [, rebuildMs] = time(() => router.updateVerifiedRoutes(verified.slice(1)));

const routeMs: number[] = [];
let roadKm = 0;
for (const waypoints of trips) {
  const started = performance.now();
  const route = await router.route({ waypoints });
  routeMs.push(performance.now() - started);
  roadKm += route.distanceKm;
}
const [, estimateMs] = time(() => trips.forEach((waypoints) => estimateTrip(waypoints)));
routeMs.sort((a, b) => a - b);
const meanRouteMs = routeMs.reduce((sum, ms) => sum + ms, 0) / routeMs.length;
const meanEstimateMs = estimateMs / trips.length;

const figures = {
  streetSegments: roads.reduce((sum, road) => sum + road.coordinates.length - 1, 0),
  buildMs: Math.round(buildMs),
  rebuildWithVerifiedRoutesMs: Math.round(rebuildMs),
  graphHeapMb: Math.round(heapMb),
  trips: trips.length,
  routeMsP50: Number(percentile(routeMs, 0.5).toFixed(2)),
  routeMsP95: Number(percentile(routeMs, 0.95).toFixed(2)),
  meanRoadKm: Number((roadKm / trips.length).toFixed(2)),
  greatCircleEstimateMsMean: Number(meanEstimateMs.toFixed(4)),
  routeToEstimateRatio: Math.round(meanRouteMs / meanEstimateMs),
};
console.log(`network: ${figures.streetSegments} street segments (${size} × ${size} grid, 200 m blocks) + ${verified.length} verified routes`);
console.log(`build: ${figures.buildMs} ms (${figures.graphHeapMb} MB heap); rebuild on new verified routes: ${figures.rebuildWithVerifiedRoutesMs} ms`);
console.log(`route: p50 ${figures.routeMsP50} ms, p95 ${figures.routeMsP95} ms over ${figures.trips} trips (mean ${figures.meanRoadKm} km)`);
console.log(`baseline great-circle estimate: ${figures.greatCircleEstimateMsMean} ms a trip; a route costs ${figures.routeToEstimateRatio}× that`);
console.log(JSON.stringify(figures));
