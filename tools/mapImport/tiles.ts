import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { GeoJSONVT, type GeoJSONVTFeature, type GeoJSONVTTile } from '@maplibre/geojson-vt';
import { fromGeojsonVt } from '@maplibre/vt-pbf';
import type { Bounds } from '../../domain/catalogue/geography.js';
import { TILE_LAYER } from '../../platform/routing/mapData.js';
import type { RoadClass } from '../../platform/routing/offline/roadClasses.js';
import type { NetworkRoad } from '../../platform/routing/offline/roadNetwork.js';

/**
 * The basemap's roads as Mapbox Vector Tiles (one layer, `roads`, each feature with its `class`
 * and, when it has them, `name` and `ref`), sliced and simplified for each zoom by geojson-vt
 * and encoded by vt-pbf. Zoom 8 shows the Copperbelt's towns and the roads between them; booking
 * and tracking maps sit at zoom 11–16, and from 14 on the map stretches the zoom-14 tiles.
 */
export const TILE_ZOOMS = { min: 8, max: 14 } as const;

/** From which zoom each class is drawn: the trunk roads always, the streets only where a street can be told apart. */
export const CLASS_MIN_ZOOM: Record<RoadClass, number> = {
  motorway: 8,
  trunk: 8,
  primary: 9,
  motorway_link: 10,
  trunk_link: 10,
  secondary: 10,
  primary_link: 11,
  secondary_link: 11,
  tertiary: 11,
  tertiary_link: 12,
  unclassified: 12,
  residential: 12,
  verified_route: 12,
  living_street: 14,
  service: 14,
};

const EXTENT = 4096;

/** Writes every tile that holds a road under `folder/{z}/{x}/{y}.pbf`; the number written. */
export async function writeRoadTiles(roads: readonly NetworkRoad[], bounds: Bounds, folder: string): Promise<number> {
  if (roads.length === 0) return 0;
  const index = new GeoJSONVT(
    {
      type: 'FeatureCollection',
      features: roads.map((road) => ({
        type: 'Feature',
        properties: { class: road.roadClass, ...(road.name ? { name: road.name } : {}), ...(road.ref ? { ref: road.ref } : {}) },
        geometry: { type: 'LineString', coordinates: road.coordinates.map((point) => [point.lng, point.lat]) },
      })),
    },
    { maxZoom: TILE_ZOOMS.max, indexMaxZoom: TILE_ZOOMS.min, extent: EXTENT },
  );
  let written = 0;
  for (let z = TILE_ZOOMS.min; z <= TILE_ZOOMS.max; z++) {
    const [west, north] = tileOf(bounds.west, bounds.north, z);
    const [east, south] = tileOf(bounds.east, bounds.south, z);
    for (let x = west; x <= east; x++) {
      for (let y = north; y <= south; y++) {
        const tile = index.getTile(z, x, y);
        if (!tile) continue;
        const features = (tile.features as GeoJSONVTFeature[]).filter((feature) => CLASS_MIN_ZOOM[feature.tags?.class as RoadClass] <= z);
        if (features.length === 0) continue;
        await mkdir(path.join(folder, String(z), String(x)), { recursive: true });
        await writeFile(path.join(folder, String(z), String(x), `${y}.pbf`), fromGeojsonVt({ [TILE_LAYER]: { ...tile, features } as GeoJSONVTTile }, { version: 2, extent: EXTENT }));
        written++;
      }
    }
  }
  return written;
}

/** The slippy-map tile holding a point (OSM wiki "Slippy map tilenames"). */
export function tileOf(lng: number, lat: number, zoom: number): [number, number] {
  const scale = 2 ** zoom;
  const latRadians = (lat * Math.PI) / 180;
  const x = Math.floor(((lng + 180) / 360) * scale);
  const y = Math.floor(((1 - Math.log(Math.tan(latRadians) + 1 / Math.cos(latRadians)) / Math.PI) / 2) * scale);
  return [Math.min(scale - 1, Math.max(0, x)), Math.min(scale - 1, Math.max(0, y))];
}
