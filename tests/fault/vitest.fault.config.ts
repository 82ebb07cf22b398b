import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * `npm run test:fault`: the fault suite. Real server processes (api/server.ts, bundled once so a
 * restart takes seconds) on a database of their own, killed, restarted, cut off from PostgreSQL
 * and run side by side; then the store's invariants and the read models against a rebuild.
 * One file at a time: each runs servers and the simulator on the machine's two cores.
 */
export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  test: {
    reporters: process.env.TIYENDE_TEST_REPORT_DIR
      ? ['default', ['json', { outputFile: path.join(process.env.TIYENDE_TEST_REPORT_DIR, 'fault.json') }]]
      : ['default'],
    include: ['tests/fault/**/*.fault.spec.ts'],
    globalSetup: ['tests/support/globalSetup.ts', 'tests/fault/support/buildServer.ts'],
    fileParallelism: false,
    testTimeout: 300_000,
    hookTimeout: 120_000,
  },
});
