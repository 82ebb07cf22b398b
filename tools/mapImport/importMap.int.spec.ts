import { execFile } from 'node:child_process';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { VectorTile } from '@mapbox/vector-tile';
import { PbfReader } from 'pbf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_BOUNDS } from '../../domain/catalogue/geography.js';
import { haversineKm } from '../../domain/geo/index.js';
import { createRouting } from '../../platform/routing/createRouter.js';
import { loadRoadNetwork, MAP_FILES, mapManifestSchema, roadsFileSchema } from '../../platform/routing/mapData.js';
import { writeOsmGeoJson, writeOsmPbf, writeOsmXml, type ExtractDescription } from '../../tests/support/osmExtracts.js';
import { roadGrid } from '../../tests/support/roadGrid.js';
import { importMap } from './importMap.js';
import { tileOf } from './tiles.js';

const grid = roadGrid({ size: 4 });
const node = (column: number, row: number) => 1000 + row * 10 + column;
const gridNodes = [0, 1, 2, 3].flatMap((row) => [0, 1, 2, 3].map((column) => ({ id: node(column, row), at: grid.at(column, row) })));
const extra = {
  // Beyond the grid's east side, and far north of the Copperbelt.
  east: { id: 2001, at: grid.offset(grid.at(3, 0), 0, 2) },
  north: [
    { id: 3001, at: { lat: -11.2, lng: 28.2 } },
    { id: 3002, at: { lat: -11.21, lng: 28.21 } },
  ],
};

/** A generated extract (not a real place): a street grid with a few ways each rule must handle. */
const extract: ExtractDescription = {
  timestamp: new Date('2026-03-01T06:00:00Z'),
  nodes: [...gridNodes, extra.east, ...extra.north],
  ways: [
    ...[0, 1, 2, 3].map((row) => ({ id: 100 + row, refs: [0, 1, 2, 3].map((column) => node(column, row)), tags: { highway: 'residential', name: `Street ${row}` } })),
    ...[0, 1, 2, 3].map((column) => ({ id: 200 + column, refs: [0, 1, 2, 3].map((row) => node(column, row)), tags: { highway: 'tertiary', name: `Avenue ${column}` } })),
    { id: 301, refs: [node(3, 0), extra.east.id], tags: { highway: 'trunk', name: 'Trunk Road', ref: 'T99', maxspeed: '50 mph' } },
    { id: 302, refs: [node(0, 0), node(1, 1)], tags: { highway: 'footway', name: 'Footpath' } },
    { id: 303, refs: [node(1, 1), node(2, 2)], tags: { highway: 'service', name: 'Private Yard', access: 'private' } },
    { id: 304, refs: [node(2, 2), node(3, 3)], tags: { highway: 'service', name: 'Open To Cars', access: 'no', motorcar: 'yes' } },
    { id: 305, refs: [node(0, 3), node(1, 2)], tags: { highway: 'residential', name: 'Backwards Lane', oneway: '-1' } },
    { id: 306, refs: [node(1, 0), node(2, 1), node(1, 2), node(0, 1), node(1, 0)], tags: { highway: 'primary', name: 'Circle', junction: 'roundabout' } },
    { id: 307, refs: [node(0, 2), node(1, 3), 9999, node(2, 3), node(3, 2)], tags: { highway: 'unclassified', name: 'Broken Road' } },
    { id: 308, refs: extra.north.map((north) => north.id), tags: { highway: 'primary', name: 'Far North Road' } },
    { id: 309, refs: [node(0, 1), node(1, 1)], tags: { highway: 'track', name: 'Farm Track' } },
  ],
};

let workspace: string;
const importFrom = async (kind: 'osm' | 'osm.pbf' | 'geojson', bounds = SEARCH_BOUNDS) => {
  const file = path.join(workspace, `grid.${kind}`);
  await { osm: writeOsmXml, 'osm.pbf': writeOsmPbf, geojson: writeOsmGeoJson }[kind](file, extract);
  const outDir = path.join(workspace, `map-${kind}`);
  const manifest = await importMap({ file, outDir, bounds, now: new Date('2026-03-02T08:00:00Z') });
  const roads = roadsFileSchema.parse(JSON.parse(await readFile(path.join(outDir, MAP_FILES.roads), 'utf8'))).roads;
  return { manifest, roads, outDir };
};

beforeAll(async () => {
  workspace = await mkdtemp(path.join(tmpdir(), 'tiyende-map-import-'));
});
afterAll(() => rm(workspace, { recursive: true, force: true }));

describe('npm run map:import on generated extracts', () => {
  it('keeps only what a car may drive, split where the extract lacks a node, inside the area', async () => {
    const { roads } = await importFrom('osm');
    const names = roads.map((road) => road.name).sort();
    expect(names).toEqual(
      [
        'Avenue 0', 'Avenue 1', 'Avenue 2', 'Avenue 3', 'Backwards Lane', 'Broken Road', 'Broken Road', 'Circle', 'Open To Cars',
        'Street 0', 'Street 1', 'Street 2', 'Street 3', 'Trunk Road',
      ].sort(),
    );
    const trunk = roads.find((road) => road.name === 'Trunk Road')!;
    expect(trunk).toMatchObject({ ref: 'T99', roadClass: 'trunk', oneway: false, maxSpeedKmh: 80 });
  });

  it('stores one-way roads in their driving direction: oneway=-1 reversed, a roundabout one-way', async () => {
    const { roads } = await importFrom('osm');
    const backwards = roads.find((road) => road.name === 'Backwards Lane')!;
    expect(backwards.oneway).toBe(true);
    const start = grid.at(1, 2);
    expect([backwards.coordinates[0], backwards.coordinates[1]]).toEqual([round7(start.lng), round7(start.lat)]);
    expect(roads.find((road) => road.name === 'Circle')).toMatchObject({ oneway: true, roadClass: 'primary' });
    expect(roads.find((road) => road.name === 'Street 0')).toMatchObject({ oneway: false, roadClass: 'residential', maxSpeedKmh: null });
  });

  it('keeps the OSM attribution and licence with the data, and dates the import', async () => {
    const { manifest, outDir } = await importFrom('osm');
    expect(mapManifestSchema.parse(JSON.parse(await readFile(path.join(outDir, MAP_FILES.manifest), 'utf8')))).toEqual(manifest);
    expect(manifest).toMatchObject({
      attribution: '© OpenStreetMap contributors',
      licence: { name: 'ODbL-1.0', url: 'https://www.openstreetmap.org/copyright' },
      source: { file: 'grid.osm', kind: 'xml', importedAt: '2026-03-02T08:00:00.000Z', dataTimestamp: '2026-03-01T06:00:00Z' },
      bounds: SEARCH_BOUNDS,
      roads: { count: 14 },
    });
    const attribution = await readFile(path.join(outDir, MAP_FILES.attribution), 'utf8');
    expect(attribution).toContain('© OpenStreetMap contributors');
    expect(attribution).toContain('ODbL-1.0');
  });

  it('reads the same roads from the PBF and the GeoJSON of the same extract', async () => {
    const xml = await importFrom('osm');
    const pbf = await importFrom('osm.pbf');
    const geojson = await importFrom('geojson');
    const sorted = (roads: typeof xml.roads) => [...roads].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
    expect(sorted(pbf.roads)).toEqual(sorted(xml.roads));
    expect(sorted(geojson.roads)).toEqual(sorted(xml.roads));
    expect(pbf.manifest.source).toMatchObject({ kind: 'pbf', dataTimestamp: '2026-03-01T06:00:00.000Z' });
    expect(geojson.manifest.source).toMatchObject({ kind: 'geojson', dataTimestamp: null });
  });

  it('keeps every road of the extract when asked for the whole of it', async () => {
    const { roads } = await importFrom('osm', null as never);
    expect(roads.map((road) => road.name)).toContain('Far North Road');
  });

  it('writes vector tiles of the roads by class: the streets close up, only the main roads further out', async () => {
    const { manifest, outDir } = await importFrom('osm');
    const tileAt = async (zoom: number) => {
      const [x, y] = tileOf(grid.at(1, 1).lng, grid.at(1, 1).lat, zoom);
      const bytes = await readFile(path.join(outDir, 'tiles', String(zoom), String(x), `${y}.pbf`));
      const layer = new VectorTile(new PbfReader(bytes)).layers[manifest.tiles.layer]!;
      return [...Array(layer.length).keys()].map((index) => layer.feature(index).properties);
    };
    const close = await tileAt(14);
    expect(close).toContainEqual({ class: 'residential', name: 'Street 1' });
    expect(close).toContainEqual({ class: 'tertiary', name: 'Avenue 1' });
    const far = await tileAt(10);
    expect(far).toContainEqual({ class: 'trunk', name: 'Trunk Road', ref: 'T99' });
    expect(far.map((properties) => properties.class).sort()).toEqual(['primary', 'trunk']);
    expect(manifest.tiles).toMatchObject({ urlTemplate: 'tiles/{z}/{x}/{y}.pbf', layer: 'roads', minZoom: 8, maxZoom: 14 });
    expect(manifest.tiles.count).toBe((await countFiles(path.join(outDir, 'tiles'))));
  });

  it('gives the offline router the imported roads, credited to OpenStreetMap', async () => {
    const { outDir } = await importFrom('osm.pbf');
    const { router } = await createRouting({ engine: { kind: 'none' }, mapDataDir: outDir });
    const route = await router.route({ waypoints: [grid.at(0, 0), grid.at(3, 2)] });
    expect(route).toMatchObject({ source: 'road_network', attribution: '© OpenStreetMap contributors' });
    expect(route.distanceKm).toBeLessThanOrEqual(2.5 + 1e-6);
    expect(route.distanceKm).toBeGreaterThan(haversineKm(grid.at(0, 0), grid.at(3, 2)));
    // Backwards Lane (oneway=-1 from (0,3) to (1,2)) may be driven from (1,2) to (0,3) only.
    const along = await router.route({ waypoints: [grid.at(1, 2), grid.at(0, 3)] });
    expect(along.steps[0]!.roadName).toBe('Backwards Lane');
    expect(along.distanceKm).toBeCloseTo(haversineKm(grid.at(1, 2), grid.at(0, 3)), 3);
    const against = await router.route({ waypoints: [grid.at(0, 3), grid.at(1, 2)] });
    expect(against.distanceKm).toBeCloseTo(1, 3);
  });

  it('routes on the bundled trunk roads while nothing has been imported', async () => {
    const network = await loadRoadNetwork(path.join(workspace, 'never-imported'));
    expect(network.source).toBe('tiyende-bundled');
  });

  it('replaces an earlier import whole, and leaves it in place when the new extract has no drivable road', async () => {
    const { outDir } = await importFrom('osm');
    const onlyPaths = path.join(workspace, 'paths.osm');
    await writeOsmXml(onlyPaths, { ...extract, ways: extract.ways.filter((way) => way.tags.highway === 'footway') });
    await expect(importMap({ file: onlyPaths, outDir, bounds: SEARCH_BOUNDS, now: new Date() })).rejects.toThrow(/no road a car may drive in the area/);
    expect((await loadRoadNetwork(outDir)).roads).toHaveLength(14);
    expect((await readdir(workspace)).filter((name) => name.includes('.importing-') || name.includes('.previous-'))).toEqual([]);
  });

  it('runs from the command line, printing what it imported', async () => {
    const file = path.join(workspace, 'cli.osm');
    await writeOsmXml(file, extract);
    const outDir = path.join(workspace, 'map-cli');
    const { stdout } = await promisify(execFile)('npx', ['tsx', 'tools/mapImport/cli.ts', file, '--out', outDir, '--bbox=-13,28,-12.5,28.5'], { timeout: 60_000 });
    expect(stdout).toMatch(/^Imported 14 roads \([\d.]+ km\) and \d+ basemap tiles \(zoom 8–14\) from cli\.osm into /);
    expect(stdout).toContain('© OpenStreetMap contributors (ODbL-1.0)');
    expect((await loadRoadNetwork(outDir)).source).toBe('openstreetmap');
  });
});

const round7 = (value: number) => Math.round(value * 1e7) / 1e7;

async function countFiles(folder: string): Promise<number> {
  const entries = await readdir(folder, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).length;
}
