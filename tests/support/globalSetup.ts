import { chmodSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startDatabaseServer } from '../../platform/database/server.js';

/**
 * One PostgreSQL server for the whole test run: `DATABASE_URL` when set, otherwise an embedded
 * one in a temporary folder (deleted afterwards). Each test file creates its own database on it.
 */
export default async function setup(project: TestProject) {
  const folder = mkdtempSync(path.join(tmpdir(), 'tiyende-test-'));
  chmodSync(folder, 0o755); // PostgreSQL runs as the `postgres` user when we are root
  const server = await startDatabaseServer(process.env, {
    dataDir: path.join(folder, 'pg'),
    persistent: false,
  });
  project.provide('databaseAdminUrl', server.adminUrl);
  return () => server.stop();
}

declare module 'vitest' {
  export interface ProvidedContext {
    databaseAdminUrl: string;
  }
}
