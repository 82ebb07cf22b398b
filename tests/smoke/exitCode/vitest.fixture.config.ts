import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/** The suite's own global setup (the database server) around one fixture test. */
export default defineConfig({
  root: fileURLToPath(new URL('../../..', import.meta.url)),
  test: {
    include: ['tests/smoke/exitCode/outcome.fixture.ts'],
    globalSetup: ['tests/support/globalSetup.ts'],
  },
});
