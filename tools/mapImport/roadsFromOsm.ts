import { isWithin, type Bounds, type LatLng } from '../../domain/catalogue/geography.js';
import type { NetworkRoad } from '../../platform/routing/offline/roadNetwork.js';
import { roadTags, type RoadTags } from './osmTags.js';
import type { OsmReader } from './sources/osmElements.js';

export interface ImportedRoads {
  roads: NetworkRoad[];
  /** The extract's own date, when it states one. */
  dataTimestamp: string | null;
}

/**
 * The drivable roads of an OSM extract, in two passes so memory holds only what roads need:
 * the first keeps the drivable ways and notes their nodes, the second reads those nodes'
 * positions. A way is kept whole when any of its points lies in `bounds` (all of them without
 * bounds); where the extract lacks some of a way's nodes (it was cut at the extract's edge) the
 * way is split there rather than bridged by a line nobody surveyed. One-way roads are stored in
 * their driving direction.
 */
export async function roadsFromOsm(read: OsmReader, bounds: Bounds | null): Promise<ImportedRoads> {
  const ways: { refs: number[]; tags: RoadTags }[] = [];
  const needed = new Set<number>();
  let dataTimestamp: string | null = null;
  for await (const element of read()) {
    if (element.type === 'header') dataTimestamp ??= element.timestamp;
    if (element.type !== 'way') continue;
    const tags = roadTags(element.tags);
    if (!tags) continue;
    ways.push({ refs: element.refs, tags });
    for (const ref of element.refs) needed.add(ref);
  }
  const positions = new Map<number, LatLng>();
  for await (const element of read()) {
    if (element.type === 'node' && needed.has(element.id)) positions.set(element.id, { lat: element.lat, lng: element.lon });
  }
  const roads: NetworkRoad[] = [];
  for (const { refs, tags } of ways) {
    for (const run of runsOfKnownNodes(refs, positions)) {
      if (bounds && !run.some((point) => isWithin(bounds, point))) continue;
      roads.push(roadOf(run, tags));
    }
  }
  return { roads, dataTimestamp };
}

export function roadOf(coordinates: LatLng[], tags: RoadTags): NetworkRoad {
  return {
    coordinates: tags.direction === 'backward' ? [...coordinates].reverse() : coordinates,
    name: tags.name,
    ref: tags.ref,
    roadClass: tags.roadClass,
    oneway: tags.direction !== 'both',
    maxSpeedKmh: tags.maxSpeedKmh,
  };
}

/** The way's points, split wherever a node is missing from the extract; runs of two points or more. */
function runsOfKnownNodes(refs: readonly number[], positions: ReadonlyMap<number, LatLng>): LatLng[][] {
  const runs: LatLng[][] = [[]];
  for (const ref of refs) {
    const position = positions.get(ref);
    if (position) runs.at(-1)!.push(position);
    else if (runs.at(-1)!.length > 0) runs.push([]);
  }
  return runs.filter((run) => run.length >= 2);
}
