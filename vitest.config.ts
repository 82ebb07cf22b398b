import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['domain', 'commands', 'projections', 'platform', 'api', 'tests', 'web'].map((dir) => `${dir}/**/*.spec.ts`),
    exclude: ['**/node_modules/**', 'tests/e2e/**'],
    globalSetup: ['tests/support/globalSetup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Two cores: integration files each open their own database; keep the pool small.
    maxWorkers: 2,
  },
});
