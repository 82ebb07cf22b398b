import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Bounds } from '../../domain/catalogue/geography.js';
import { polylineLengthKm } from '../../domain/geo/index.js';
import { MAP_DATA_FORMAT, MAP_FILES, OSM_ATTRIBUTION, OSM_LICENCE, TILE_LAYER, type MapManifest, type StoredRoad } from '../../platform/routing/mapData.js';
import type { NetworkRoad } from '../../platform/routing/offline/roadNetwork.js';
import { roadsFromOsm, type ImportedRoads } from './roadsFromOsm.js';
import { roadsFromGeoJson } from './sources/geojson.js';
import { pbfReader } from './sources/pbf.js';
import { xmlReader } from './sources/xml.js';
import { CLASS_MIN_ZOOM, TILE_ZOOMS, writeRoadTiles } from './tiles.js';

export interface ImportOptions {
  /** The OpenStreetMap extract: `.osm.pbf`, `.osm` (XML) or `.geojson`. */
  file: string;
  /** The map data folder to fill (MAP_DATA_DIR); what it held is replaced only once the import is complete. */
  outDir: string;
  /** Roads reaching into this area are kept; null keeps the whole extract. */
  bounds: Bounds | null;
  now: Date;
}

export type ExtractKind = MapManifest['source']['kind'];

export function extractKind(file: string): ExtractKind {
  const name = file.toLowerCase();
  if (name.endsWith('.pbf')) return 'pbf';
  if (name.endsWith('.osm') || name.endsWith('.xml')) return 'xml';
  if (name.endsWith('.geojson') || name.endsWith('.json')) return 'geojson';
  throw new Error(`${file}: unknown format — give an .osm.pbf, .osm (XML) or .geojson extract`);
}

/**
 * Imports an OpenStreetMap extract into the map data folder: the drivable roads for the offline
 * router (roads.json), the basemap's roads as vector tiles, the attribution OSM's licence (ODbL)
 * asks for, and the manifest, written last. Everything is written to a folder beside the target
 * and swapped in whole, so a server never reads half an import, and an extract with no drivable
 * road in the area replaces nothing.
 */
export async function importMap({ file, outDir, bounds, now }: ImportOptions): Promise<MapManifest> {
  const kind = extractKind(file);
  const { roads, dataTimestamp } = await readRoads(file, kind, bounds);
  if (roads.length === 0) throw new Error(`${file}: no road a car may drive${bounds ? ' in the area' : ''}; nothing imported`);
  const extent = bounds ?? boundsOf(roads);
  const staging = `${outDir}.importing-${process.pid}`;
  await rm(staging, { recursive: true, force: true });
  await mkdir(staging, { recursive: true });
  await writeFile(path.join(staging, MAP_FILES.roads), JSON.stringify({ format: MAP_DATA_FORMAT, roads: roads.map(stored) }));
  const tileCount = await writeRoadTiles(roads, boundsOf(roads), path.join(staging, MAP_FILES.tilesFolder));
  const manifest: MapManifest = {
    format: MAP_DATA_FORMAT,
    attribution: OSM_ATTRIBUTION,
    licence: { ...OSM_LICENCE },
    source: { file: path.basename(file), kind, importedAt: now.toISOString(), dataTimestamp },
    bounds: extent,
    roads: { count: roads.length, lengthKm: Math.round(roads.reduce((km, road) => km + polylineLengthKm(road.coordinates), 0) * 10) / 10 },
    tiles: {
      urlTemplate: `${MAP_FILES.tilesFolder}/{z}/{x}/{y}.pbf`,
      layer: TILE_LAYER,
      minZoom: TILE_ZOOMS.min,
      maxZoom: TILE_ZOOMS.max,
      classMinZoom: { ...CLASS_MIN_ZOOM },
      count: tileCount,
    },
  };
  await writeFile(path.join(staging, MAP_FILES.attribution), attributionText(manifest));
  await writeFile(path.join(staging, MAP_FILES.manifest), `${JSON.stringify(manifest, null, 2)}\n`);
  await swapIn(staging, outDir);
  return manifest;
}

function readRoads(file: string, kind: ExtractKind, bounds: Bounds | null): Promise<ImportedRoads> {
  switch (kind) {
    case 'pbf':
      return roadsFromOsm(pbfReader(file), bounds);
    case 'xml':
      return roadsFromOsm(xmlReader(file), bounds);
    case 'geojson':
      return roadsFromGeoJson(file, bounds);
  }
}

const round7 = (value: number) => Math.round(value * 1e7) / 1e7;

const stored = (road: NetworkRoad): StoredRoad => ({
  name: road.name,
  ref: road.ref,
  roadClass: road.roadClass,
  oneway: road.oneway,
  maxSpeedKmh: road.maxSpeedKmh,
  coordinates: road.coordinates.flatMap((point) => [round7(point.lng), round7(point.lat)]),
});

function boundsOf(roads: readonly NetworkRoad[]): Bounds {
  const bounds = { south: Infinity, west: Infinity, north: -Infinity, east: -Infinity };
  for (const { lat, lng } of roads.flatMap((road) => road.coordinates)) {
    bounds.south = Math.min(bounds.south, lat);
    bounds.north = Math.max(bounds.north, lat);
    bounds.west = Math.min(bounds.west, lng);
    bounds.east = Math.max(bounds.east, lng);
  }
  return bounds;
}

const attributionText = (manifest: MapManifest) =>
  [
    `Map data ${manifest.attribution}.`,
    `Available under the Open Database Licence (${manifest.licence.name}): ${manifest.licence.url}`,
    `Imported from ${manifest.source.file} on ${manifest.source.importedAt}${manifest.source.dataTimestamp ? ` (data as of ${manifest.source.dataTimestamp})` : ''}.`,
    '',
  ].join('\n');

async function swapIn(staging: string, outDir: string): Promise<void> {
  const previous = `${outDir}.previous-${process.pid}`;
  await rm(previous, { recursive: true, force: true });
  await rename(outDir, previous).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'ENOENT') throw error;
  });
  await rename(staging, outDir);
  await rm(previous, { recursive: true, force: true });
}
