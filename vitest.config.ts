import path from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // CI asks for a JSON report beside the console one (.ci/run sums them).
    reporters: process.env.TIYENDE_TEST_REPORT_DIR
      ? ['default', ['json', { outputFile: path.join(process.env.TIYENDE_TEST_REPORT_DIR, 'unit.json') }]]
      : ['default'],
    include: ['contract', 'domain', 'accounts', 'commands', 'projections', 'platform', 'api', 'live', 'product', 'tools', 'tests', 'web'].map((dir) => `${dir}/**/*.spec.ts`),
    // The browser tests and the fault suite (real server processes) have their own configs and scripts.
    exclude: ['**/node_modules/**', 'tests/e2e/**', 'tests/fault/**/*.fault.spec.ts'],
    globalSetup: ['tests/support/globalSetup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Two cores: integration files each open their own database; keep the pool small.
    maxWorkers: 2,
  },
});
