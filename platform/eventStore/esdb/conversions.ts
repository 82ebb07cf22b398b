import {
  ANY,
  NO_STREAM,
  STREAM_EXISTS,
  START as ESDB_START,
  type AllStreamResolvedEvent,
  type AppendExpectedRevision,
  type EventData,
  type JSONType,
  type Position as EsdbPosition,
  type ReadPosition,
  type ResolvedEvent,
} from '@eventstore/db-client';
import {
  EventStoreError,
  InvalidArgumentError,
  START,
  comparePositions,
  type AllFilter,
  type AllPage,
  type EventMetadata,
  type ExpectedRevision,
  type JsonValue,
  type Position,
  type RecordedEvent,
} from '../port.js';
import type { SerializedEvent } from '../validation.js';

export function toEsdbExpectedRevision(expected: ExpectedRevision): AppendExpectedRevision {
  switch (expected) {
    case 'any':
      return ANY;
    case 'no_stream':
      return NO_STREAM;
    case 'stream_exists':
      return STREAM_EXISTS;
    default:
      return expected;
  }
}

/** The port's START is {-1, -1}; EventStoreDB's own positions are never negative. */
export function isStart(position: Position): boolean {
  return position.commit === START.commit && position.prepare === START.prepare;
}

export function validatePosition(field: string, position: unknown): Position {
  const candidate = position as Partial<Position> | null;
  if (
    typeof candidate === 'object' &&
    candidate !== null &&
    typeof candidate.commit === 'bigint' &&
    typeof candidate.prepare === 'bigint' &&
    ((candidate.commit >= 0n && candidate.prepare >= 0n) || isStart(candidate as Position))
  ) {
    return { commit: candidate.commit, prepare: candidate.prepare };
  }
  throw new InvalidArgumentError(field, 'is not a position ({ commit, prepare } as bigints ≥ 0, or START)');
}

export function toEsdbReadPosition(position: Position): ReadPosition {
  return isStart(position) ? ESDB_START : { commit: position.commit, prepare: position.prepare };
}

/** Events go in as JSON (content type application/json), with the port's metadata as the event's metadata. */
export function toEventData(event: SerializedEvent): EventData {
  return {
    id: event.id,
    contentType: 'application/json',
    type: event.type,
    // The library stringifies `data` itself; a top-level number, boolean or null is valid JSON
    // too, although its type only names objects, arrays and strings.
    data: JSON.parse(event.data) as JSONType,
    metadata: JSON.parse(event.metadata) as JSONType,
  };
}

/** Where a resolved event sits in `$all`: the record's own position, else the commit position. */
export function positionOf(resolved: ResolvedEvent | AllStreamResolvedEvent): Position | undefined {
  const recorded: { position?: EsdbPosition } | undefined = resolved.event;
  if (recorded?.position) return { commit: recorded.position.commit, prepare: recorded.position.prepare };
  if (resolved.commitPosition !== undefined) {
    return { commit: resolved.commitPosition, prepare: resolved.commitPosition };
  }
  return undefined;
}

export function toRecordedEvent(resolved: ResolvedEvent | AllStreamResolvedEvent): RecordedEvent | undefined {
  const recorded = resolved.event;
  if (!recorded) return undefined;
  const position = positionOf(resolved);
  if (!position) {
    throw new EventStoreError(
      `EventStoreDB sent event ${recorded.id} without a position: the adapter needs a server of version 22.6 or later`,
    );
  }
  return {
    id: recorded.id,
    type: recorded.type,
    data: recorded.isJson ? (recorded.data as JsonValue) : decodeBinary(recorded.data as Uint8Array),
    metadata: toMetadata(recorded.metadata),
    streamName: recorded.streamId,
    revision: recorded.revision,
    position,
    created: recorded.created,
  };
}

/** Events written by other tools may be binary: JSON when the bytes hold JSON, else base64 text. */
function decodeBinary(bytes: Uint8Array): JsonValue {
  const text = Buffer.from(bytes).toString('utf8');
  try {
    return JSON.parse(text) as JsonValue;
  } catch {
    return Buffer.from(bytes).toString('base64');
  }
}

function toMetadata(metadata: unknown): EventMetadata {
  const value = metadata instanceof Uint8Array ? decodeBinary(metadata) : metadata;
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) return value as EventMetadata;
  return {};
}

/** System events ($-types such as $metadata or $streamDeleted) and system streams are not the port's business. */
export function isSystemEvent(event: Pick<RecordedEvent, 'type' | 'streamName'>): boolean {
  return event.type.startsWith('$') || event.streamName.startsWith('$');
}

export interface PageRequest {
  from: Position;
  /** How many events the caller asked for. */
  maxCount: number;
  /** How many records were asked of the server: one more than maxCount when `from` is an event's position. */
  requested: number;
  matches: ((event: RecordedEvent) => boolean) | undefined;
}

/**
 * Turns records read from `$all` (EventStoreDB reads from a position inclusively) into the port's
 * exclusive page. nextPosition is the last record scanned, system records included, so a reader
 * never scans the same records twice.
 */
export function toAllPage(records: readonly AllStreamResolvedEvent[], request: PageRequest): AllPage {
  const after = records
    .map((record) => ({ record, position: positionOf(record) }))
    .filter((entry): entry is { record: AllStreamResolvedEvent; position: Position } =>
      entry.position !== undefined && comparePositions(entry.position, request.from) > 0,
    );
  const scanned = after.slice(0, request.maxCount);
  const events = scanned
    .map(({ record }) => toRecordedEvent(record))
    .filter((event): event is RecordedEvent => event !== undefined && !isSystemEvent(event))
    .filter((event) => !request.matches || request.matches(event));
  return {
    events,
    nextPosition: scanned.at(-1)?.position ?? request.from,
    isEndOfAll: records.length < request.requested,
  };
}
