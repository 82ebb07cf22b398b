import { BUNDLED_MAP_ATTRIBUTION, bundledRoads } from '../../../domain/catalogue/bundledRoads.js';
import type { LatLng } from '../../../domain/catalogue/geography.js';
import type { RoadClass } from './roadClasses.js';

/** One road the offline router may drive, as a polyline in driving order when it is one-way. */
export interface NetworkRoad {
  coordinates: LatLng[];
  name: string | null;
  ref: string | null;
  roadClass: RoadClass;
  /** Drivable only from the first coordinate towards the last. */
  oneway: boolean;
  /** The way's signed limit, when it has one. */
  maxSpeedKmh: number | null;
}

/**
 * The roads the offline router knows, and whose they are: the OpenStreetMap roads an operator
 * imported (`npm run map:import`), or — until then — the trunk and main roads that ship with the
 * app. The attribution travels with every route drawn on them.
 */
export interface RoadNetwork {
  source: 'openstreetmap' | 'tiyende-bundled';
  attribution: string;
  roads: NetworkRoad[];
}

/**
 * A contributor's route that four others verified (domain/routeEncoding): its coordinates become
 * roads the router may take, named by its streets. The server feeds the current list from the
 * route-encoding read model.
 */
export interface VerifiedRoute {
  encodingId: string;
  streetNames: string[];
  coordinates: LatLng[];
}

/** The bundled trunk roads (T-roads) and main roads between the towns, two-way. */
export function bundledRoadNetwork(): RoadNetwork {
  return {
    source: 'tiyende-bundled',
    attribution: BUNDLED_MAP_ATTRIBUTION,
    roads: bundledRoads.map((road) => ({
      coordinates: road.coordinates,
      name: road.name,
      ref: road.ref,
      roadClass: road.roadClass === 'trunk' ? 'trunk' : 'primary',
      oneway: false,
      maxSpeedKmh: null,
    })),
  };
}
