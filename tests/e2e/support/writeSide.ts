import { inject } from 'vitest';
import type { CommandsDatabase } from '../../../commands/shared/database.js';
import { createCommandServices, type CommandServices } from '../../../commands/shared/services.js';
import type { Clock } from '../../../platform/clock.js';
import { createKysely, createPool } from '../../../platform/database/connect.js';
import { PostgresEventStore } from '../../../platform/eventStore/postgres/postgresEventStore.js';

/** The server's database, when the browser tests know it (the global setup started the server). */
export const serverDatabaseKnown = (): boolean => inject('e2eDatabaseUrl') !== '';

/**
 * The write side of the running server, from the test process: its event store and tables on the
 * server's own database, for a test to run a command one of the server's background processes
 * would (the trip watcher's look at a trip, say) without waiting for it. `clock` is the services'
 * time (the system's unless given). Close it when done.
 */
export async function serverWriteSide(clock?: Clock): Promise<{ services: CommandServices; close(): Promise<void> }> {
  const url = inject('e2eDatabaseUrl');
  if (!url) throw new Error('The server’s database is not known: set TIYENDE_E2E_DATABASE_URL beside TIYENDE_E2E_BASE_URL');
  const pool = createPool(url, 2);
  // Reached at once or not at all: a wrong address fails here, naming it, not deep inside a command.
  await pool.query('SELECT 1 FROM es_events LIMIT 1').catch((error: Error) => {
    void pool.end();
    throw new Error(`The server's database at ${url.replace(/:[^:@/]*@/, ':***@')} cannot be read: ${error.message}`);
  });
  const store = new PostgresEventStore({ pool });
  const services = createCommandServices({ store, db: createKysely<CommandsDatabase>(pool), ...(clock ? { clock } : {}) });
  return {
    services,
    async close() {
      await store.close();
      await pool.end();
    },
  };
}
