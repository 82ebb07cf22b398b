import { parseArgs } from 'node:util';
import { SEARCH_BOUNDS, type Bounds } from '../../domain/catalogue/geography.js';
import { routingConfigFromEnv } from '../../platform/routing/config.js';
import { importMap } from './importMap.js';

const USAGE = `Usage: npm run map:import -- FILE [--out DIR] [--bbox=SOUTH,WEST,NORTH,EAST | --whole-extract]

Imports an OpenStreetMap extract (.osm.pbf, .osm XML or .geojson) — e.g. Zambia's from an OSM
extract provider — into the map data folder: the roads the offline router drives and the
basemap's vector tiles, with OpenStreetMap's attribution (© OpenStreetMap contributors, ODbL).

  --out DIR         the map data folder (default: MAP_DATA_DIR, else <DATA_DIR>/map, else .data/map)
  --bbox=S,W,N,E    keep the roads reaching into this area (default: the Copperbelt,
                    ${SEARCH_BOUNDS.south},${SEARCH_BOUNDS.west},${SEARCH_BOUNDS.north},${SEARCH_BOUNDS.east}); write it
                    with "=", as southern latitudes start with a minus sign
  --whole-extract   keep every road of the extract
`;

function boundsFrom(text: string): Bounds {
  const values = text.split(',').map(Number);
  const [south, west, north, east] = values;
  if (values.length !== 4 || values.some((value) => !Number.isFinite(value)) || south! >= north! || west! >= east!) {
    throw new Error(`--bbox: expected SOUTH,WEST,NORTH,EAST in degrees with south < north and west < east, got "${text}"`);
  }
  return { south: south!, west: west!, north: north!, east: east! };
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { out: { type: 'string' }, bbox: { type: 'string' }, 'whole-extract': { type: 'boolean' }, help: { type: 'boolean' } },
  });
  if (values.help || positionals.length !== 1) {
    process.stdout.write(USAGE);
    process.exitCode = values.help ? 0 : 2;
    return;
  }
  if (values.bbox && values['whole-extract']) throw new Error('--bbox and --whole-extract: choose one');
  const bounds = values['whole-extract'] ? null : values.bbox ? boundsFrom(values.bbox) : SEARCH_BOUNDS;
  const outDir = values.out ?? routingConfigFromEnv(process.env, process.env.DATA_DIR ?? '.data').mapDataDir;
  const started = performance.now();
  const manifest = await importMap({ file: positionals[0]!, outDir, bounds, now: new Date() });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  process.stdout.write(
    `Imported ${manifest.roads.count} roads (${manifest.roads.lengthKm} km) and ${manifest.tiles.count} basemap tiles ` +
      `(zoom ${manifest.tiles.minZoom}–${manifest.tiles.maxZoom}) from ${manifest.source.file} into ${outDir} in ${seconds} s.\n` +
      `Map data ${manifest.attribution} (${manifest.licence.name}). Restart the server to route on it.\n`,
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`map:import: ${(error as Error).message}\n`);
  process.exitCode = 1;
});
