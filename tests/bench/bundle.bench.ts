/**
 * npm run bench:bundle — how much JavaScript a phone downloads to show the first page, gzipped,
 * against a 200 KB budget (Zambian mobile data is slow and paid by the megabyte).
 *
 * Builds the web app (or, with `-- --no-build`, reads the existing web/dist) and follows Vite's
 * manifest: the first page is the entry chunk and everything it imports statically, plus the
 * home route's own chunk (routes are split off, but "/" needs its chunk before it can paint), plus
 * the largest language chunk (a phone set to any language but English loads one: its common part;
 * the route sections — sign-in, booking, tracking, driver, support, safety — load with their routes). The
 * map (OpenLayers), the route sections and the admin portal must not be among them: when it builds,
 * the bench lists the modules each chunk holds and names any admin or route-section module that
 * reached the first page (with `--no-build` it can only see whole chunks). Exits non-zero when the
 * first page is over budget or holds any of them. Ends with one JSON line holding every figure.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_BYTES = 200 * 1000;
const webRoot = fileURLToPath(new URL('../../web/', import.meta.url));
const distDir = path.join(webRoot, 'dist');

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;

/** Chunk file → the source modules bundled into it, recorded while building. */
type ChunkModules = Map<string, string[]>;

async function buildWebApp(): Promise<ChunkModules> {
  const { build } = await import('vite');
  const chunkModules: ChunkModules = new Map();
  const started = performance.now();
  await build({
    configFile: path.join(webRoot, 'vite.config.ts'),
    logLevel: 'warn',
    plugins: [
      {
        name: 'record-chunk-modules',
        generateBundle(_options, bundle) {
          for (const output of Object.values(bundle)) if (output.type === 'chunk') chunkModules.set(output.fileName, output.moduleIds);
        },
      },
    ],
  });
  console.log(`built web/dist in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return chunkModules;
}

/** Code that only the admin portal runs, or only the routes that show a route section. */
const ADMIN_SOURCE = /web\/src\/(admin\/|routes\/admin[^?]*\?tsr-split)|node_modules\/chart\.js\//;
const ROUTE_SECTION_SOURCE = /web\/src\/i18n\/locales\/(auth|booking|tracking|driver|support|safety)\.\w+\.ts$/;
/** Chunks seen without their modules (`--no-build`): the manifest names a chunk after its source. */
const ADMIN_CHUNK = /^(src\/admin\/|src\/routes\/admin|_admin)/;

const gzipSizes = new Map<string, number>();
const gzipped = (file: string): number => {
  let size = gzipSizes.get(file);
  if (size === undefined) {
    size = gzipSync(readFileSync(path.join(distDir, file)), { level: 6 }).length;
    gzipSizes.set(file, size);
  }
  return size;
};

/** A chunk and everything it imports statically (what the browser must fetch before running it). */
function staticClosure(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  if (into.has(key)) return into;
  into.add(key);
  for (const imported of manifest[key]?.imports ?? []) staticClosure(manifest, imported, into);
  return into;
}

const totalOf = (manifest: Manifest, keys: Iterable<string>) => [...keys].reduce((sum, key) => sum + gzipped(manifest[key]!.file), 0);

/** What a dynamic entry adds on top of chunks already loaded. */
function addedBy(manifest: Manifest, key: string, loaded: Set<string>): Set<string> {
  return new Set([...staticClosure(manifest, key)].filter((chunk) => !loaded.has(chunk)));
}

async function main() {
  const chunkModules = process.argv.includes('--no-build') ? undefined : await buildWebApp();
  const manifest: Manifest = JSON.parse(readFileSync(path.join(distDir, '.vite/manifest.json'), 'utf8'));
  const entryKey = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  if (!entryKey) throw new Error('web/dist/.vite/manifest.json has no entry chunk');

  const entry = staticClosure(manifest, entryKey);
  const homeKey = Object.keys(manifest).find((key) => key.startsWith('src/routes/index.tsx'));
  const home = homeKey ? addedBy(manifest, homeKey, entry) : new Set<string>();
  const firstPageWithoutLocale = new Set([...entry, ...home]);

  const locales = Object.keys(manifest)
    .filter((key) => key.startsWith('src/i18n/locales/common.') && manifest[key]!.isDynamicEntry)
    .map((key) => ({ key, chunks: addedBy(manifest, key, firstPageWithoutLocale) }))
    .map((locale) => ({ ...locale, bytes: totalOf(manifest, locale.chunks) }))
    .sort((a, b) => b.bytes - a.bytes);
  const largestLocale = locales[0];

  const mapKey = Object.keys(manifest).find((key) => key.startsWith('src/map/OlMap'));
  const map = mapKey ? addedBy(manifest, mapKey, firstPageWithoutLocale) : new Set<string>();
  const firstPage = new Set([...firstPageWithoutLocale, ...(largestLocale?.chunks ?? [])]);
  const mapInFirstPage = mapKey ? firstPage.has(mapKey) : false;

  const firstPageModules = [...firstPage].flatMap((key) => chunkModules?.get(manifest[key]!.file) ?? []);
  const relative = (id: string) => path.relative(path.join(webRoot, '..'), id.replace(/\0/g, ''));
  const adminInFirstPage = [
    ...firstPageModules.filter((id) => ADMIN_SOURCE.test(id)).map(relative),
    ...[...firstPage].filter((key) => ADMIN_CHUNK.test(key)),
  ];
  const routeSectionsInFirstPage = firstPageModules.filter((id) => ROUTE_SECTION_SOURCE.test(id)).map(relative);

  console.log('First page, gzip (level 6):');
  for (const key of [...firstPage].sort((a, b) => gzipped(manifest[b]!.file) - gzipped(manifest[a]!.file))) {
    console.log(`  ${kb(gzipped(manifest[key]!.file)).padStart(9)}  ${manifest[key]!.file}`);
  }
  const figures = {
    entry_gzip_bytes: totalOf(manifest, entry),
    home_route_gzip_bytes: totalOf(manifest, home),
    largest_locale: largestLocale?.key.replace(/^src\/i18n\/locales\/|\.ts$/g, '') ?? null,
    largest_locale_gzip_bytes: largestLocale?.bytes ?? 0,
    first_page_gzip_bytes: totalOf(manifest, firstPage),
    budget_bytes: BUDGET_BYTES,
    map_gzip_bytes: totalOf(manifest, map),
    map_in_first_page: mapInFirstPage,
    admin_in_first_page: adminInFirstPage.length > 0,
    route_sections_in_first_page: routeSectionsInFirstPage.length > 0,
    modules_checked: chunkModules !== undefined,
  };
  const ratio = Math.round((figures.first_page_gzip_bytes / BUDGET_BYTES) * 1000) / 1000;
  const withinBudget = figures.first_page_gzip_bytes <= BUDGET_BYTES && !mapInFirstPage;
  const passed = withinBudget && !figures.admin_in_first_page && !figures.route_sections_in_first_page;

  const line = (label: string, bytes: number) =>
    console.log(`${label.padEnd(38)} ${kb(bytes).padStart(9)}  (${((bytes / BUDGET_BYTES) * 100).toFixed(1)}% of the ${kb(BUDGET_BYTES)} budget)`);
  line('entry chunk + its static imports', figures.entry_gzip_bytes);
  line('home route chunk (what it adds)', figures.home_route_gzip_bytes);
  line(`largest language chunk (${figures.largest_locale})`, figures.largest_locale_gzip_bytes);
  line('first page in all', figures.first_page_gzip_bytes);
  console.log(`ratio first page / budget: ${ratio} (target ≤ 1)`);
  console.log(`map chunk (lazy, not in the first page): ${kb(figures.map_gzip_bytes)}${mapInFirstPage ? ' — BUT IT IS IN THE FIRST PAGE' : ''}`);
  const listed = (label: string, found: string[]) =>
    console.log(found.length === 0 ? `${label} in the first page: none` : `${label} IN THE FIRST PAGE:\n${found.map((id) => `  ${id}`).join('\n')}`);
  listed(`admin code${chunkModules ? '' : ' (whole chunks only: --no-build)'}`, adminInFirstPage);
  if (chunkModules) listed('route-section translations', routeSectionsInFirstPage);
  console.log(JSON.stringify({ bench: 'bundle', ...figures, ratio, within_budget: withinBudget, passed }));
  if (!passed) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
