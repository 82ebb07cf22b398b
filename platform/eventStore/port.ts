/**
 * The event store port, in EventStoreDB's vocabulary so that the Postgres and EventStoreDB
 * adapters are interchangeable. Every adapter passes the same contract suite
 * (tests/contract/eventStore.contract.ts).
 */

export type JsonPrimitive = string | number | boolean | null;
export type JsonValue = JsonPrimitive | JsonValue[] | { [key: string]: JsonValue };
export type JsonObject = { [key: string]: JsonValue };

/** Who did it and why: recorded on every event. */
export interface EventMetadata {
  correlationId?: string;
  causationId?: string;
  userId?: string;
  role?: string;
  schemaVersion?: number;
  [key: string]: JsonValue | undefined;
}

export interface EventToAppend<Type extends string = string, Data extends JsonValue = JsonValue> {
  /** A UUID. Retrying an append with the same ids writes nothing twice. */
  id: string;
  type: Type;
  data: Data;
  metadata?: EventMetadata;
}

/**
 * A position in `$all`. Opaque to callers: compare only with {@link comparePositions}, store
 * only through {@link serializePosition}. (Postgres: commit = transaction id, prepare = global
 * position. EventStoreDB: its own commit/prepare positions.)
 */
export interface Position {
  readonly commit: bigint;
  readonly prepare: bigint;
}

export const START: Position = Object.freeze({ commit: -1n, prepare: -1n });

export function comparePositions(a: Position, b: Position): number {
  if (a.commit !== b.commit) return a.commit < b.commit ? -1 : 1;
  if (a.prepare !== b.prepare) return a.prepare < b.prepare ? -1 : 1;
  return 0;
}

export function serializePosition(position: Position): string {
  return `${position.commit}/${position.prepare}`;
}

export function parsePosition(text: string): Position {
  const match = /^(-?\d+)\/(-?\d+)$/.exec(text);
  if (!match) throw new InvalidArgumentError('position', `"${text}" is not a position`);
  return { commit: BigInt(match[1]!), prepare: BigInt(match[2]!) };
}

export interface RecordedEvent<Type extends string = string, Data extends JsonValue = JsonValue> {
  id: string;
  type: Type;
  data: Data;
  metadata: EventMetadata;
  streamName: string;
  /** 0-based revision of the event in its stream. */
  revision: bigint;
  position: Position;
  created: Date;
}

/** `any`, `no_stream`, `stream_exists`, or the exact revision of the stream's last event. */
export type ExpectedRevision = 'any' | 'no_stream' | 'stream_exists' | bigint;

export interface AppendResult {
  /** Revision of the last event now in the stream: pass it as the next expected revision. */
  nextExpectedRevision: bigint;
  position: Position;
  /**
   * The appended events as the store recorded them (revision, position, created), in stream order:
   * what a read of them would answer. Given when the adapter has them at hand without asking
   * again; absent (a retry the store recognised, an adapter that does not know), read the stream.
   */
  recorded?: RecordedEvent[];
}

export type Direction = 'forwards' | 'backwards';

export interface ReadStreamOptions {
  direction?: Direction;
  /** Inclusive. Defaults to the start (forwards) or the end (backwards). */
  fromRevision?: bigint | 'start' | 'end';
  maxCount?: number;
}

/** Matches events whose stream name starts with one of the prefixes. */
export type StreamNameFilter = { streamNamePrefixes: readonly string[]; eventTypePrefixes?: never; anyOf?: never };
/** Matches events whose type starts with one of the prefixes. */
export type EventTypeFilter = { eventTypePrefixes: readonly string[]; streamNamePrefixes?: never; anyOf?: never };
/**
 * Matches events any of the filters matches: the union of several consumers' filters, so that one
 * reader of `$all` fetches what any of them needs (and the store can apply it where it reads).
 */
export type AnyOfFilter = { anyOf: ReadonlyArray<StreamNameFilter | EventTypeFilter>; streamNamePrefixes?: never; eventTypePrefixes?: never };

/** Matches events whose stream name, or whose type, starts with one of the prefixes (or any of several such filters). */
export type AllFilter = StreamNameFilter | EventTypeFilter | AnyOfFilter;

export interface ReadAllOptions {
  /** Exclusive: events strictly after this position. Defaults to the start. */
  fromPosition?: Position;
  maxCount?: number;
  filter?: AllFilter;
}

export interface AllPage {
  events: RecordedEvent[];
  /**
   * Where the next read should start. With a filter this can be past the last returned event
   * (non-matching events were scanned), so checkpoints always advance.
   */
  nextPosition: Position;
  /** True when nothing after nextPosition was committed at the time of the read. */
  isEndOfAll: boolean;
  /**
   * Committed events lie after nextPosition but wait behind an older transaction still running
   * (an event store that orders by commit, such as the Postgres one, cannot hand them out yet).
   * Read again shortly; the page is not the end of $all.
   */
  heldBack?: boolean;
}

export type AllSubscriptionMessage =
  | { kind: 'event'; event: RecordedEvent }
  /** The subscription has delivered everything committed so far; it now waits for live events. */
  | { kind: 'caughtUp'; position: Position }
  /** Everything up to here was scanned (filtered subscriptions): safe to store as a checkpoint. */
  | { kind: 'checkpoint'; position: Position };

export interface SubscribeToAllOptions {
  fromPosition?: Position;
  filter?: AllFilter;
  /** Stops the subscription: the iterator ends after the current message. */
  signal?: AbortSignal;
}

export interface AllSubscription extends AsyncIterable<AllSubscriptionMessage> {
  stop(): Promise<void>;
}

export interface EventStore {
  appendToStream(
    streamName: string,
    events: readonly EventToAppend[],
    options?: { expectedRevision?: ExpectedRevision },
  ): Promise<AppendResult>;

  /** Returns [] for a stream that does not exist or was soft-deleted. */
  readStream(streamName: string, options?: ReadStreamOptions): Promise<RecordedEvent[]>;

  readAll(options?: ReadAllOptions): Promise<AllPage>;

  subscribeToAll(options?: SubscribeToAllOptions): AllSubscription;

  /** Soft delete: reads return nothing; a later append recreates the stream, revisions go on. */
  deleteStream(streamName: string, options?: { expectedRevision?: ExpectedRevision }): Promise<void>;

  /** Hard delete: the stream can never be read or written again. */
  tombstoneStream(streamName: string, options?: { expectedRevision?: ExpectedRevision }): Promise<void>;

  close(): Promise<void>;
}

// ---------------------------------------------------------------------------------------------
// Errors shared by every adapter.

export class EventStoreError extends Error {
  override name = 'EventStoreError';
}

export class WrongExpectedVersionError extends EventStoreError {
  override name = 'WrongExpectedVersionError';
  constructor(
    readonly streamName: string,
    readonly expected: ExpectedRevision,
    /** The stream's current revision, or 'no_stream'. */
    readonly actual: bigint | 'no_stream',
  ) {
    super(
      `Append to "${streamName}" expected ${String(expected)} but the stream is at ${String(actual)}`,
    );
  }
}

export class StreamDeletedError extends EventStoreError {
  override name = 'StreamDeletedError';
  constructor(readonly streamName: string) {
    super(`Stream "${streamName}" has been deleted permanently`);
  }
}

export class UnavailableError extends EventStoreError {
  override name = 'UnavailableError';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}

export class InvalidArgumentError extends EventStoreError {
  override name = 'InvalidArgumentError';
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(`${field}: ${message}`);
  }
}

export class AppendTooLargeError extends InvalidArgumentError {
  override name = 'AppendTooLargeError';
  constructor(readonly bytes: number) {
    super('events', `append of ${bytes} bytes exceeds the ${MAX_APPEND_BYTES} byte limit`);
  }
}

/** 1 MiB, EventStoreDB's default maximum append size. */
export const MAX_APPEND_BYTES = 1024 * 1024;
