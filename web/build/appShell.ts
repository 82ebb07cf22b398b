import { readFileSync } from 'node:fs';
import path from 'node:path';

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  assets?: string[];
}
export type ViteManifest = Record<string, ManifestChunk>;

/** The sources whose chunks make the app shell: the entry, the home screen, the map with its offline basemap, and every language's common texts. */
const SHELL_SOURCES = [/^index\.html$/, /^src\/routes\/index\.tsx/, /^src\/map\/OlMap\.tsx$/, /^src\/i18n\/locales\/common\.\w+\.ts$/];

/**
 * The built files a phone needs to open the app with no network: each shell source's chunk,
 * everything it imports statically, and their styles. Other screens' chunks are kept by the
 * service worker once visited, and the admin portal's never reach a rider's phone.
 */
export function appShellFiles(manifest: ViteManifest): Set<string> {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) return;
    files.add(chunk.file);
    for (const file of [...(chunk.css ?? []), ...(chunk.assets ?? [])]) files.add(file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of Object.keys(manifest)) if (SHELL_SOURCES.some((source) => source.test(key))) visit(key);
  return files;
}

/**
 * A workbox-build manifest transform: of the built assets, precache only the app shell
 * (files outside assets/ — the page, the icons, the web manifest — always stay).
 */
export function keepAppShellOnly(distDir: string) {
  return async <Entry extends { url: string }>(entries: Entry[]) => {
    const manifest = JSON.parse(readFileSync(path.join(distDir, '.vite/manifest.json'), 'utf8')) as ViteManifest;
    const shell = appShellFiles(manifest);
    return { manifest: entries.filter((entry) => !entry.url.startsWith('assets/') || shell.has(entry.url)) };
  };
}
