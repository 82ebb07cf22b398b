import { EventStoreDBClient } from '@eventstore/db-client';
import { InvalidArgumentError, UnavailableError } from '../port.js';
import { toPortError } from './errors.js';

/**
 * Resolves when an EventStoreDB answers at the connection string within the time limit: reads
 * one record of `$all`. Rejects with UnavailableError otherwise. Reads have no deadline in the
 * client, so the time limit is ours.
 */
export async function pingEventStoreDb(connectionString: string, timeoutMs = 2000): Promise<void> {
  let client: EventStoreDBClient;
  try {
    client = EventStoreDBClient.connectionString(connectionString);
  } catch (error) {
    throw new InvalidArgumentError('connectionString', `is not an EventStoreDB connection string: ${(error as Error).message}`);
  }
  let timer: NodeJS.Timeout | undefined;
  const read = client.readAll({ maxCount: 1 });
  const drained = (async () => {
    for await (const record of read) void record;
  })();
  // Once the time limit has won the race, a late failure of the read is nobody's business.
  drained.catch(() => {});
  try {
    await Promise.race([
      drained,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new UnavailableError(`no answer within ${timeoutMs} ms`)), timeoutMs);
      }),
    ]);
  } catch (error) {
    throw toPortError(error);
  } finally {
    clearTimeout(timer);
    await read.cancel().catch(() => {});
    await client.dispose();
  }
}
