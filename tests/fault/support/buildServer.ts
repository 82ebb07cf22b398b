import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import type { TestProject } from 'vitest/node';

const root = fileURLToPath(new URL('../../..', import.meta.url));

/**
 * Bundles api/server.ts, its read-side worker (api/worker.ts) and its PDF inspection thread once for the fault suite
 * (packages stay in node_modules): the same code `npm start` runs, without transpiling some 1,400
 * modules at every one of the suite's restarts (about 5 s to a healthy server instead of 12 on a
 * loaded two-core machine). Written under `.fault/` (ignored by git) two folders below the root,
 * so the server finds web/dist where it looks for it.
 */
export default async function setup(project: TestProject) {
  const outdir = path.join(root, '.fault', 'server');
  mkdirSync(outdir, { recursive: true });
  // The read-side worker and the PDF inspection thread beside the server: the supervisor forks
  // worker.mjs, and the upload check starts pdfInspection.mjs, from the same folder.
  await build({
    entryPoints: {
      server: path.join(root, 'api', 'server.ts'),
      worker: path.join(root, 'api', 'worker.ts'),
      pdfInspection: path.join(root, 'platform', 'documents', 'uploads', 'pdfInspection.ts'),
    },
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    target: 'node20',
    outdir,
    outExtension: { '.js': '.mjs' },
    logLevel: 'warning',
  });
  project.provide('faultServerEntry', path.join(outdir, 'server.mjs'));
}

declare module 'vitest' {
  export interface ProvidedContext {
    faultServerEntry: string;
  }
}
