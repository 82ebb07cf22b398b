import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { isWithin, type Bounds, type LatLng } from '../../../domain/catalogue/geography.js';
import { roadOf, type ImportedRoads } from '../roadsFromOsm.js';
import { roadTags, type Tags } from '../osmTags.js';

const position = z.array(z.number()).min(2);
const lineStrings = {
  LineString: z.array(position).transform((line) => [line]),
  MultiLineString: z.array(z.array(position)),
} as const;
const featureSchema = z.object({
  type: z.literal('Feature'),
  properties: z.record(z.string(), z.unknown()).nullable(),
  geometry: z.object({ type: z.string(), coordinates: z.unknown() }).nullable(),
});
const collectionSchema = z.object({ type: z.literal('FeatureCollection'), features: z.array(z.unknown()) });

/**
 * OSM roads exported as GeoJSON (osmtogeojson, osmium export, ogr2ogr): line features whose
 * properties carry the OSM tags, flat or under `tags`. Junctions are where lines share a
 * coordinate, as the exports write them. The file is read whole: for a large area, import the PBF.
 */
export async function roadsFromGeoJson(file: string, bounds: Bounds | null): Promise<ImportedRoads> {
  const collection = collectionSchema.safeParse(JSON.parse(await readFile(file, 'utf8')));
  if (!collection.success) throw new Error(`${file}: is not a GeoJSON FeatureCollection`);
  const roads = collection.data.features.flatMap((raw) => {
    const feature = featureSchema.safeParse(raw);
    const geometry = feature.success ? feature.data.geometry : null;
    if (!feature.success || !geometry || !(geometry.type in lineStrings)) return [];
    const lines = lineStrings[geometry.type as keyof typeof lineStrings].safeParse(geometry.coordinates);
    const tags = roadTags(tagsOf(feature.data.properties ?? {}));
    if (!lines.success || !tags) return [];
    return lines.data
      .map((line) => line.map(([lng, lat]): LatLng => ({ lat: lat!, lng: lng! })))
      .filter((line) => line.length >= 2 && (!bounds || line.some((point) => isWithin(bounds, point))))
      .map((line) => roadOf(line, tags));
  });
  return { roads, dataTimestamp: null };
}

/** osmtogeojson nests the tags under `tags`; other exports put them straight on the properties. */
function tagsOf(properties: Record<string, unknown>): Tags {
  const source = typeof properties.tags === 'object' && properties.tags !== null ? (properties.tags as Record<string, unknown>) : properties;
  return Object.fromEntries(Object.entries(source).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}
