import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { VectorTile } from '@mapbox/vector-tile';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { PbfReader } from 'pbf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_BOUNDS } from '../../domain/catalogue/geography.js';
import { OSM_ATTRIBUTION } from '../../platform/routing/index.js';
import { writeOsmXml } from '../../tests/support/osmExtracts.js';
import { roadGrid } from '../../tests/support/roadGrid.js';
import { importMap } from '../../tools/mapImport/importMap.js';
import { tileOf } from '../../tools/mapImport/tiles.js';
import { mapRoutes } from './map.js';

/** A generated extract (not a real place): three named streets, imported as `npm run map:import` does. */
const grid = roadGrid({ size: 3 });
const nodes = [0, 1, 2].flatMap((row) => [0, 1, 2].map((column) => ({ id: 1 + row * 3 + column, at: grid.at(column, row) })));
const ways = [0, 1, 2].map((row) => ({ id: 100 + row, refs: [0, 1, 2].map((column) => 1 + row * 3 + column), tags: { highway: 'residential', name: `Street ${row}` } }));

let workspace: string;
const serve = async (mapDataDir: string) => {
  const app = Fastify().withTypeProvider();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(mapRoutes(mapDataDir));
  return app;
};

beforeAll(async () => {
  workspace = await mkdtemp(path.join(tmpdir(), 'tiyende-map-routes-'));
  const file = path.join(workspace, 'grid.osm');
  await writeOsmXml(file, { timestamp: new Date('2026-03-01T06:00:00Z'), nodes, ways });
  await importMap({ file, outDir: path.join(workspace, 'map'), bounds: SEARCH_BOUNDS, now: new Date('2026-03-02T08:00:00Z') });
});
afterAll(() => rm(workspace, { recursive: true, force: true }));

describe('the imported map', () => {
  it('says what was imported, serves its vector tiles with the roads and names, and its attribution', async () => {
    const app = await serve(path.join(workspace, 'map'));
    const info = (await app.inject({ method: 'GET', url: '/api/map' })).json();
    expect(info).toMatchObject({
      tiles: { url: '/api/map/tiles/{z}/{x}/{y}.pbf', layer: 'roads', minZoom: 8, maxZoom: 14 },
      attribution: OSM_ATTRIBUTION,
      licence: { name: 'ODbL-1.0' },
      importedAt: '2026-03-02T08:00:00.000Z',
    });
    const centre = grid.at(1, 1);
    const [x, y] = tileOf(centre.lng, centre.lat, 14);
    const tile = await app.inject({ method: 'GET', url: `/api/map/tiles/14/${x}/${y}.pbf` });
    expect(tile.statusCode).toBe(200);
    expect(tile.headers['content-type']).toBe('application/vnd.mapbox-vector-tile');
    const layer = new VectorTile(new PbfReader(tile.rawPayload)).layers.roads!;
    const names = new Set(Array.from({ length: layer.length }, (_, index) => layer.feature(index).properties.name));
    expect([...names].sort()).toEqual(['Street 0', 'Street 1', 'Street 2']);
    // Where no road is, and outside the world: 404, never a 500.
    expect((await app.inject({ method: 'GET', url: `/api/map/tiles/14/${x + 50}/${y}.pbf` })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/api/map/tiles/2/9/0.pbf' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/api/map/tiles/abc/0/0.pbf' })).statusCode).toBe(400);
    const attribution = await app.inject({ method: 'GET', url: '/api/map/attribution' });
    expect(attribution.statusCode).toBe(200);
    expect(attribution.body).toContain('OpenStreetMap contributors');
    await app.close();
  });

  it('says there is none, and serves no tiles, before an import', async () => {
    const app = await serve(path.join(workspace, 'nothing-here'));
    expect((await app.inject({ method: 'GET', url: '/api/map' })).json()).toEqual({ tiles: null, attribution: null, licence: null, importedAt: null });
    expect((await app.inject({ method: 'GET', url: '/api/map/tiles/12/2371/2197.pbf' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/api/map/attribution' })).statusCode).toBe(404);
    await app.close();
  });
});
