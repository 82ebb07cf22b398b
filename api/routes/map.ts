import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MapInfo } from '../../contract/maps.js';
import { MAP_FILES, readMapManifest, type MapManifest } from '../../platform/routing/index.js';
import { ErrorBody } from '../support/http.js';

const TileParams = z.object({
  z: z.coerce.number({ error: 'z: must be a zoom level' }).int('z: must be a whole number').min(0).max(22),
  x: z.coerce.number({ error: 'x: must be a tile column' }).int('x: must be a whole number').min(0),
  y: z.coerce.number({ error: 'y: must be a tile row' }).int('y: must be a whole number').min(0),
});

export const MAP_TILE_URL = '/api/map/tiles/{z}/{x}/{y}.pbf';

/**
 * The imported OpenStreetMap roads for the web map (docs/maps.md), open to everyone as a map is:
 * what there is (`GET /api/map`), the vector tiles and the attribution text. Without an import in
 * MAP_DATA_DIR the map draws the bundled basemap only, and the tiles answer 404. Read at start: a
 * new import is served after a restart, as the router reads it.
 */
export function mapRoutes(mapDataDir: string): FastifyPluginAsyncZod {
  return async (app) => {
    const manifest: MapManifest | null = await readMapManifest(mapDataDir).catch((error: unknown) => {
      app.log.warn({ err: error }, 'the map data folder holds a damaged import: serving no tiles');
      return null;
    });

    app.get(
      '/api/map',
      {
        schema: {
          tags: ['maps'],
          summary: 'The imported road map the web map draws as a layer, with its attribution (nulls without an import)',
          response: { 200: MapInfo },
        },
      },
      async () => ({
        tiles: manifest
          ? { url: MAP_TILE_URL, layer: manifest.tiles.layer, minZoom: manifest.tiles.minZoom, maxZoom: manifest.tiles.maxZoom }
          : null,
        attribution: manifest?.attribution ?? null,
        licence: manifest?.licence ?? null,
        importedAt: manifest?.source.importedAt ?? null,
      }),
    );

    app.get(
      '/api/map/tiles/:z/:x/:y.pbf',
      {
        schema: {
          tags: ['maps'],
          summary: 'One vector tile of the imported roads (Mapbox Vector Tile, layer `roads`); 404 where no road is',
          params: TileParams,
          response: { 404: ErrorBody, 400: ErrorBody },
        },
      },
      async (request, reply) => {
        const { z: zoom, x, y } = request.params;
        const notFound = () => reply.status(404).send({ message: `No tile ${zoom}/${x}/${y}`, code: 'not_found' });
        if (!manifest || x >= 2 ** zoom || y >= 2 ** zoom) return notFound();
        try {
          const tile = await readFile(path.join(mapDataDir, MAP_FILES.tilesFolder, String(zoom), String(x), `${y}.pbf`));
          return reply.type('application/vnd.mapbox-vector-tile').header('cache-control', 'public, max-age=86400').send(tile as never);
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code === 'ENOENT') return notFound();
          throw error;
        }
      },
    );

    app.get(
      '/api/map/attribution',
      {
        schema: { tags: ['maps'], summary: "The imported data's attribution and licence, in words (ATTRIBUTION.txt)", response: { 404: ErrorBody } },
      },
      async (_request, reply) => {
        if (!manifest) return reply.status(404).send({ message: 'No map data has been imported', code: 'not_found' });
        const text = await readFile(path.join(mapDataDir, MAP_FILES.attribution), 'utf8');
        return reply.type('text/plain; charset=utf-8').send(text as never);
      },
    );
  };
}
