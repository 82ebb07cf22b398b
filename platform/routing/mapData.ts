import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { bundledRoadNetwork, type RoadNetwork } from './offline/roadNetwork.js';
import { roadClasses } from './offline/roadClasses.js';

/**
 * The map data folder (`MAP_DATA_DIR`, by default `<DATA_DIR>/map`) as `npm run map:import`
 * writes it and the server reads it:
 *
 *   manifest.json          what was imported, from which extract, and its attribution and licence
 *   roads.json             the routable roads (the offline router's network)
 *   tiles/{z}/{x}/{y}.pbf  the basemap's roads as Mapbox Vector Tiles, one layer `roads`
 *   ATTRIBUTION.txt        the OpenStreetMap attribution and licence, in words
 *
 * The manifest is written last: a folder without one holds no complete import.
 */
export const MAP_FILES = {
  manifest: 'manifest.json',
  roads: 'roads.json',
  tilesFolder: 'tiles',
  attribution: 'ATTRIBUTION.txt',
} as const;

export const MAP_DATA_FORMAT = 1;
export const OSM_ATTRIBUTION = '© OpenStreetMap contributors';
export const OSM_LICENCE = { name: 'ODbL-1.0', url: 'https://www.openstreetmap.org/copyright' } as const;
/** The vector tiles' one layer, and the properties each road feature carries. */
export const TILE_LAYER = 'roads';

const boundsSchema = z.object({ south: z.number(), west: z.number(), north: z.number(), east: z.number() });

export const mapManifestSchema = z.object({
  format: z.literal(MAP_DATA_FORMAT),
  attribution: z.string().min(1),
  licence: z.object({ name: z.string(), url: z.string() }),
  source: z.object({
    file: z.string(),
    kind: z.enum(['pbf', 'xml', 'geojson']),
    importedAt: z.string(),
    /** The extract's own timestamp (the PBF header's replication time or the XML's), when it has one. */
    dataTimestamp: z.string().nullable(),
  }),
  /** The area imported: roads reaching into it were kept whole. */
  bounds: boundsSchema,
  roads: z.object({ count: z.int().min(0), lengthKm: z.number().min(0) }),
  tiles: z.object({
    /** Relative to the map data folder, in the `{z}/{x}/{y}` form OpenLayers' XYZ sources take. */
    urlTemplate: z.string(),
    layer: z.string(),
    minZoom: z.int(),
    maxZoom: z.int(),
    /** Which road classes each zoom shows from: a class appears at its zoom and beyond. */
    classMinZoom: z.record(z.string(), z.int()),
    count: z.int().min(0),
  }),
});
export type MapManifest = z.infer<typeof mapManifestSchema>;

/** One road in roads.json; coordinates flat, `[lng, lat, lng, lat, …]`, in driving order when one-way. */
export const storedRoadSchema = z.object({
  name: z.string().nullable(),
  ref: z.string().nullable(),
  roadClass: z.enum(roadClasses),
  oneway: z.boolean(),
  maxSpeedKmh: z.number().positive().nullable(),
  coordinates: z.array(z.number()).min(4).refine((flat) => flat.length % 2 === 0, 'must hold [lng, lat] pairs'),
});
export type StoredRoad = z.infer<typeof storedRoadSchema>;

export const roadsFileSchema = z.object({ format: z.literal(MAP_DATA_FORMAT), roads: z.array(storedRoadSchema) });

/**
 * The road network the offline router drives on: the imported one when the folder holds a
 * complete import, else the bundled trunk roads. A folder that holds a damaged import is an
 * operator's mistake worth stopping for, so it throws, naming the file.
 */
export async function loadRoadNetwork(mapDataDir: string): Promise<RoadNetwork> {
  const manifestText = await readOptional(path.join(mapDataDir, MAP_FILES.manifest));
  if (manifestText === null) return bundledRoadNetwork();
  const manifest = parseFile(mapManifestSchema, manifestText, MAP_FILES.manifest);
  const roadsText = await readFile(path.join(mapDataDir, MAP_FILES.roads), 'utf8');
  const { roads } = parseFile(roadsFileSchema, roadsText, MAP_FILES.roads);
  return {
    source: 'openstreetmap',
    attribution: manifest.attribution,
    roads: roads.map((road) => ({
      name: road.name,
      ref: road.ref,
      roadClass: road.roadClass,
      oneway: road.oneway,
      maxSpeedKmh: road.maxSpeedKmh,
      coordinates: pairs(road.coordinates),
    })),
  };
}

/** The manifest of the import in the folder, or null when there is none. */
export async function readMapManifest(mapDataDir: string): Promise<MapManifest | null> {
  const text = await readOptional(path.join(mapDataDir, MAP_FILES.manifest));
  return text === null ? null : parseFile(mapManifestSchema, text, MAP_FILES.manifest);
}

const pairs = (flat: number[]) => {
  const points = [];
  for (let index = 0; index < flat.length; index += 2) points.push({ lng: flat[index]!, lat: flat[index + 1]! });
  return points;
};

async function readOptional(file: string): Promise<string | null> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

function parseFile<Schema extends z.ZodType>(schema: Schema, text: string, file: string): z.output<Schema> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Error(`${file}: is not JSON`);
  }
  const result = schema.safeParse(json);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  throw new Error(`${file}: ${issue.path.join('.') || 'file'}: ${issue.message}`);
}
