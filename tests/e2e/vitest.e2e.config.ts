import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * The browser tests: Debian's chromium through playwright-core, against the built web app
 * served by the real server (`npm start`). globalSetup builds web/dist and starts the server once;
 * files run one after another (one server, one browser at a time, two cores).
 */
export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  test: {
    // CI asks for a JSON report beside the console one (.ci/run sums them).
    reporters: process.env.TIYENDE_TEST_REPORT_DIR
      ? ['default', ['json', { outputFile: path.join(process.env.TIYENDE_TEST_REPORT_DIR, 'e2e.json') }]]
      : ['default'],
    include: ['tests/e2e/**/*.e2e.spec.ts'],
    globalSetup: ['tests/e2e/support/globalSetup.ts'],
    setupFiles: ['tests/e2e/support/cspWatch.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
