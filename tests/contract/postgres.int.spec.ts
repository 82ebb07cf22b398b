import { createPool } from '../../platform/database/connect.js';
import { migrateEventStore, PostgresEventStore } from '../../platform/eventStore/postgres/postgresEventStore.js';
import { createTestDatabase } from '../support/database.js';
import { describeEventStoreContract } from './eventStore.contract.js';

describeEventStoreContract('PostgreSQL', async () => {
  const database = await createTestDatabase('contract');
  const pool = createPool(database.url);
  await migrateEventStore(pool);
  const store = new PostgresEventStore({ pool, pollIntervalMs: 200 });
  return {
    store,
    async dispose() {
      await store.close();
      await pool.end();
      await database.drop();
    },
  };
}, { checksEveryIdForAny: true });
