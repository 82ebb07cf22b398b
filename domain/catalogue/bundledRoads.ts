import basemap from './bundledBasemap.json';
import type { LatLng } from './geography.js';

/**
 * The roads that ship with the app: the Copperbelt's trunk and main roads between the towns, drawn
 * by hand to a few hundred metres for an overview map (bundledBasemap.json, which the web's offline
 * basemap draws too). Good enough to route town to town along the road; not a street map, and
 * never presented as OpenStreetMap data. Imported from this module, not the catalogue's index, so
 * that pages without a map do not carry the roads.
 */
export interface BundledRoad {
  name: string;
  /** The road number where it has one (T3, T5). */
  ref: string | null;
  /** `trunk` for the T-roads, `main` for the other roads between towns. */
  roadClass: 'trunk' | 'main';
  coordinates: LatLng[];
}

export const BUNDLED_MAP_SOURCE = basemap.metadata.source;
export const BUNDLED_MAP_ATTRIBUTION = basemap.metadata.attribution;

export const bundledRoads: readonly BundledRoad[] = basemap.features.flatMap((feature) => {
  const { properties, geometry } = feature;
  if (properties.kind !== 'road' || geometry.type !== 'LineString') return [];
  return [
    {
      name: properties.name,
      ref: 'ref' in properties && typeof properties.ref === 'string' ? properties.ref : null,
      roadClass: properties.class === 'trunk' ? 'trunk' : 'main',
      coordinates: (geometry.coordinates as number[][]).map(([lng, lat]) => ({ lat: lat!, lng: lng! })),
    },
  ];
});
