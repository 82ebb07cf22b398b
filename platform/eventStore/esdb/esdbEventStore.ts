import { compileFilter } from '../filter.js';
import {
  ANY,
  BACKWARDS,
  END,
  EventStoreDBClient,
  FORWARDS,
  NO_STREAM,
  START as ESDB_START,
  type ExpectedRevision as EsdbExpectedRevision,
} from '@eventstore/db-client';
import {
  EventStoreError,
  InvalidArgumentError,
  START,
  WrongExpectedVersionError,
  type AllPage,
  type AllSubscription,
  type AppendResult,
  type EventStore,
  type EventToAppend,
  type ExpectedRevision,
  type Position,
  type ReadAllOptions,
  type ReadStreamOptions,
  type RecordedEvent,
  type SubscribeToAllOptions,
} from '../port.js';
import {
  serializeEvents,
  validateExpectedRevision,
  validateMaxCount,
  validateReadStreamOptions,
  validateStreamName,
  type SerializedEvent,
} from '../validation.js';
import {
  isStart,
  toAllPage,
  toEsdbExpectedRevision,
  toEsdbReadPosition,
  toEventData,
  toRecordedEvent,
  validatePosition,
} from './conversions.js';
import { isStreamDeleted, isStreamNotFound, toPortError } from './errors.js';
import { subscribeToEsdbAll } from './subscription.js';

/** Selected by the composition root when EVENTSTORE_URL is set, e.g. `esdb://localhost:2113?tls=false`. */
export function createEventStoreDbEventStore(connectionString: string): EventStoreDbEventStore {
  let client: EventStoreDBClient;
  try {
    client = EventStoreDBClient.connectionString(connectionString);
  } catch (error) {
    throw new InvalidArgumentError('connectionString', `is not an EventStoreDB connection string: ${(error as Error).message}`);
  }
  return new EventStoreDbEventStore(client);
}

/** The event store on EventStoreDB, through its gRPC client. */
export class EventStoreDbEventStore implements EventStore {
  private readonly subscriptions = new Set<AllSubscription>();

  constructor(private readonly client: EventStoreDBClient) {}

  async appendToStream(
    streamName: string,
    events: readonly EventToAppend[],
    options: { expectedRevision?: ExpectedRevision } = {},
  ): Promise<AppendResult> {
    validateStreamName(streamName);
    const expected = validateExpectedRevision(options.expectedRevision ?? 'any');
    const serialized = serializeEvents(events);
    try {
      const result = await this.client.appendToStream(streamName, serialized.map(toEventData), {
        expectedRevision: toEsdbExpectedRevision(expected),
      });
      return {
        nextExpectedRevision: result.nextExpectedRevision,
        position: result.position ?? (await this.positionOfRevision(streamName, result.nextExpectedRevision)),
      };
    } catch (error) {
      throw await this.explain(error, streamName, expected, appendSize(serialized));
    }
  }

  async readStream(streamName: string, options?: ReadStreamOptions): Promise<RecordedEvent[]> {
    validateStreamName(streamName);
    const { direction, fromRevision, maxCount } = validateReadStreamOptions(options);
    const forwards = direction === 'forwards';
    // Forwards from 'end' is the last event (as in the Postgres adapter); the server would answer nothing.
    if (forwards && fromRevision === 'end') return this.readStream(streamName, { direction: 'backwards', maxCount: 1 });
    try {
      const read = this.client.readStream(streamName, {
        direction: forwards ? FORWARDS : BACKWARDS,
        fromRevision: fromRevision ?? (forwards ? ESDB_START : END),
        maxCount,
      });
      const events: RecordedEvent[] = [];
      for await (const resolved of read) {
        const event = toRecordedEvent(resolved);
        if (event) events.push(event);
      }
      return events;
    } catch (error) {
      if (isStreamNotFound(error)) return [];
      throw toPortError(error, { streamName });
    }
  }

  async readAll(options: ReadAllOptions = {}): Promise<AllPage> {
    const from = validatePosition('fromPosition', options.fromPosition ?? START);
    const maxCount = validateMaxCount(options.maxCount, 1000);
    const matches = compileFilter(options.filter);
    // EventStoreDB reads from a position inclusively: ask for one more to step over it.
    const requested = isStart(from) ? maxCount : maxCount + 1;
    try {
      const records = [];
      for await (const record of this.client.readAll({
        direction: FORWARDS,
        fromPosition: toEsdbReadPosition(from),
        maxCount: requested,
      })) {
        records.push(record);
      }
      return toAllPage(records, { from, maxCount, requested, matches });
    } catch (error) {
      throw toPortError(error);
    }
  }

  subscribeToAll(options: SubscribeToAllOptions = {}): AllSubscription {
    const subscription = subscribeToEsdbAll(this.client, {
      ...options,
      onClose: () => this.subscriptions.delete(subscription),
    });
    this.subscriptions.add(subscription);
    return subscription;
  }

  async deleteStream(streamName: string, options: { expectedRevision?: ExpectedRevision } = {}): Promise<void> {
    validateStreamName(streamName);
    const expected = validateExpectedRevision(options.expectedRevision ?? 'any');
    try {
      // The client's soft delete has no stream_exists: delete at the revision the stream is at.
      const expectedRevision: EsdbExpectedRevision =
        expected === 'stream_exists' ? await this.currentRevision(streamName, expected) : toEsdbDeleteRevision(expected);
      await this.client.deleteStream(streamName, { expectedRevision });
    } catch (error) {
      throw await this.explain(error, streamName, expected);
    }
  }

  async tombstoneStream(streamName: string, options: { expectedRevision?: ExpectedRevision } = {}): Promise<void> {
    validateStreamName(streamName);
    const expected = validateExpectedRevision(options.expectedRevision ?? 'any');
    try {
      await this.client.tombstoneStream(streamName, {
        // The client's tombstone accepts stream_exists, though its option type leaves it out.
        expectedRevision: toEsdbExpectedRevision(expected) as EsdbExpectedRevision,
      });
    } catch (error) {
      throw await this.explain(error, streamName, expected);
    }
  }

  async close(): Promise<void> {
    await Promise.all([...this.subscriptions].map((subscription) => subscription.stop()));
    await this.client.dispose();
  }

  /**
   * EventStoreDB refuses stream_exists on a soft-deleted stream as "deleted". For the port a
   * soft-deleted stream does not exist, and only a tombstone is a deletion: ask which it is.
   */
  private async explain(error: unknown, streamName: string, expected: ExpectedRevision, appendBytes?: number) {
    if (isStreamDeleted(error) && expected === 'stream_exists' && !(await this.isTombstoned(streamName))) {
      return new WrongExpectedVersionError(streamName, expected, 'no_stream');
    }
    return toPortError(error, { streamName, expectedRevision: expected, appendBytes });
  }

  private async isTombstoned(streamName: string): Promise<boolean> {
    try {
      await this.readStream(streamName, { direction: 'backwards', maxCount: 1 });
      return false;
    } catch (error) {
      return isStreamDeleted(error);
    }
  }

  private async currentRevision(streamName: string, expected: ExpectedRevision): Promise<bigint> {
    const [last] = await this.readStream(streamName, { direction: 'backwards', maxCount: 1 });
    if (!last) throw new WrongExpectedVersionError(streamName, expected, 'no_stream');
    return last.revision;
  }

  /** Some servers answer an idempotent append without a position: the event itself has one. */
  private async positionOfRevision(streamName: string, revision: bigint): Promise<Position> {
    const [event] = await this.readStream(streamName, { fromRevision: revision, maxCount: 1 });
    if (!event) throw new EventStoreError(`EventStoreDB gave no position for "${streamName}"@${revision}`);
    return event.position;
  }
}

function toEsdbDeleteRevision(expected: Exclude<ExpectedRevision, 'stream_exists'>): EsdbExpectedRevision {
  return expected === 'any' ? ANY : expected === 'no_stream' ? NO_STREAM : expected;
}

/** Counted as the shared validation counts it, for an AppendTooLargeError the server raised. */
function appendSize(events: readonly SerializedEvent[]): number {
  return events.reduce(
    (bytes, event) => bytes + Buffer.byteLength(event.data) + Buffer.byteLength(event.metadata) + event.type.length + 36,
    0,
  );
}
