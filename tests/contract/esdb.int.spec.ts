import { createEventStoreDbEventStore } from '../../platform/eventStore/esdb/esdbEventStore.js';
import { pingEventStoreDb } from '../../platform/eventStore/esdb/ping.js';
import { describeEventStoreContract } from './eventStore.contract.js';

const url = process.env.EVENTSTORE_URL;
/** The URL as logged: a password in it stays out of the test output. */
const shownUrl = url?.replace(/\/\/[^@/]*@/, '//***@');

/** Runs only against a server that answers now: no EventStoreDB can be started from here. */
async function whyNotRun(): Promise<string | undefined> {
  if (!url) return 'EVENTSTORE_URL is not set';
  try {
    await pingEventStoreDb(url, 2000);
    return undefined;
  } catch (error) {
    return `no EventStoreDB answers at ${shownUrl} (${(error as Error).message})`;
  }
}

describeEventStoreContract(
  'EventStoreDB',
  async () => {
    const store = createEventStoreDbEventStore(url!);
    return { store, dispose: () => store.close() };
  },
  { skip: await whyNotRun() },
);
