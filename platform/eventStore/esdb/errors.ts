import {
  CancelledError,
  DeadlineExceededError,
  MaxAppendSizeExceededError,
  NotLeaderError,
  StreamDeletedError as EsdbStreamDeletedError,
  StreamNotFoundError,
  TimeoutError,
  UnavailableError as EsdbUnavailableError,
  WrongExpectedVersionError as EsdbWrongExpectedVersionError,
  type AppendExpectedRevision,
} from '@eventstore/db-client';
import {
  AppendTooLargeError,
  EventStoreError,
  StreamDeletedError,
  UnavailableError,
  WrongExpectedVersionError,
  type ExpectedRevision,
} from '../port.js';

/** gRPC status codes (from @grpc/grpc-js, which the project does not depend on directly). */
const GRPC_DEADLINE_EXCEEDED = 4;
const GRPC_UNAVAILABLE = 14;

/** Socket errors, seen when a cluster connection string makes the client ask for gossip over HTTP. */
const NETWORK_ERROR_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'ENOTFOUND', 'EHOSTUNREACH', 'EPIPE']);

export interface ErrorContext {
  streamName?: string;
  /** The caller's expected revision: reported as given, not as the server echoes it. */
  expectedRevision?: ExpectedRevision;
  /** Size of the refused append, as the shared validation counted it. */
  appendBytes?: number;
}

/**
 * The port's error for a failure of the EventStoreDB client. Errors the port has no name for
 * (access denied, unknown server errors) pass through unchanged.
 */
export function toPortError(error: unknown, context: ErrorContext = {}): unknown {
  if (error instanceof EventStoreError) return error;
  if (error instanceof EsdbWrongExpectedVersionError) {
    return new WrongExpectedVersionError(
      context.streamName ?? error.streamName,
      context.expectedRevision ?? fromEsdbExpectedRevision(error.expectedVersion),
      typeof error.actualVersion === 'bigint' && error.actualVersion >= 0n ? error.actualVersion : 'no_stream',
    );
  }
  if (error instanceof EsdbStreamDeletedError) {
    return new StreamDeletedError(context.streamName ?? error.streamName);
  }
  if (error instanceof MaxAppendSizeExceededError) {
    return new AppendTooLargeError(context.appendBytes ?? error.maxAppendSize);
  }
  if (isUnavailable(error)) {
    return new UnavailableError(`EventStoreDB is unavailable: ${describe(error)}`, { cause: error });
  }
  return error;
}

/**
 * The server did not answer, or answered "not now": worth retrying. appendToStream rejects with
 * the raw gRPC error (code 14) when no server answers, other calls with the library's classes.
 */
export function isUnavailable(error: unknown): boolean {
  if (
    error instanceof EsdbUnavailableError ||
    error instanceof DeadlineExceededError ||
    error instanceof TimeoutError ||
    error instanceof CancelledError ||
    error instanceof NotLeaderError
  ) {
    return true;
  }
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  if (code === GRPC_UNAVAILABLE || code === GRPC_DEADLINE_EXCEEDED) return true;
  return typeof code === 'string' && NETWORK_ERROR_CODES.has(code);
}

/** A read of a stream that never existed, or was soft-deleted. */
export function isStreamNotFound(error: unknown): boolean {
  return error instanceof StreamNotFoundError;
}

export function isStreamDeleted(error: unknown): boolean {
  return error instanceof EsdbStreamDeletedError || error instanceof StreamDeletedError;
}

/** Errors built from gRPC metadata carry EventStoreDB's numeric codes for the named states. */
const EXPECTED_VERSION_CODES = new Map<bigint, ExpectedRevision>([
  [-1n, 'no_stream'],
  [-2n, 'any'],
  [-4n, 'stream_exists'],
]);

function fromEsdbExpectedRevision(expected: AppendExpectedRevision): ExpectedRevision {
  if (typeof expected === 'bigint' && expected < 0n) return EXPECTED_VERSION_CODES.get(expected) ?? 'any';
  return expected;
}

function describe(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  const details = typeof error === 'object' && error !== null ? (error as { details?: unknown }).details : undefined;
  return typeof details === 'string' && details ? details : String(error);
}
