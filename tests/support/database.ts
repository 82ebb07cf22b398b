import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { dropDatabase, ensureDatabase } from '../../platform/database/server.js';

export interface TestDatabase {
  url: string;
  name: string;
  drop(): Promise<void>;
}

/** A database of its own for one test file (or test): parallel runs never collide. */
export async function createTestDatabase(label = 't'): Promise<TestDatabase> {
  const adminUrl = inject('databaseAdminUrl');
  const name = `tiyende_${label.replace(/[^a-z0-9]/gi, '').toLowerCase().slice(0, 20)}_${randomBytes(5).toString('hex')}`;
  const url = await ensureDatabase(adminUrl, name);
  return { url, name, drop: () => dropDatabase(adminUrl, name) };
}
