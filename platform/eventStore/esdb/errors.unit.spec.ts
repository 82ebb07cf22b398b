import {
  AccessDeniedError,
  CancelledError,
  DeadlineExceededError,
  MaxAppendSizeExceededError,
  StreamDeletedError as EsdbStreamDeletedError,
  StreamNotFoundError,
  TimeoutError,
  UnavailableError as EsdbUnavailableError,
  WrongExpectedVersionError as EsdbWrongExpectedVersionError,
} from '@eventstore/db-client';
import { describe, expect, it } from 'vitest';
import {
  AppendTooLargeError,
  InvalidArgumentError,
  StreamDeletedError,
  UnavailableError,
  WrongExpectedVersionError,
} from '../port.js';
import { isStreamNotFound, toPortError } from './errors.js';

describe('mapping EventStoreDB client errors to the port', () => {
  it('a wrong expected version reports what the caller expected and where the stream is', () => {
    const error = new EsdbWrongExpectedVersionError(undefined, {
      streamName: 'ride-1',
      expected: 'stream_exists',
      current: 4n,
    });
    const mapped = toPortError(error, { streamName: 'ride-1', expectedRevision: 'stream_exists' });
    expect(mapped).toBeInstanceOf(WrongExpectedVersionError);
    expect(mapped).toMatchObject({ streamName: 'ride-1', expected: 'stream_exists', actual: 4n });
  });

  it("a wrong expected version on a missing stream reports actual 'no_stream'", () => {
    const error = new EsdbWrongExpectedVersionError(undefined, { streamName: 'ride-2', expected: 0n, current: 'no_stream' });
    expect(toPortError(error, { streamName: 'ride-2', expectedRevision: 0n })).toMatchObject({
      expected: 0n,
      actual: 'no_stream',
    });
  });

  it('without context a wrong expected version keeps the server’s stream name and expectation', () => {
    const error = new EsdbWrongExpectedVersionError(undefined, { streamName: 'bid-9', expected: -1n, current: -1n });
    expect(toPortError(error)).toMatchObject({ streamName: 'bid-9', expected: 'no_stream', actual: 'no_stream' });
  });

  it('a deleted stream becomes the port’s StreamDeletedError', () => {
    const mapped = toPortError(EsdbStreamDeletedError.fromStreamName('driver-7'), { streamName: 'driver-7' });
    expect(mapped).toBeInstanceOf(StreamDeletedError);
    expect(mapped).toMatchObject({ streamName: 'driver-7' });
  });

  it('an append the server finds too large becomes AppendTooLargeError with our byte count', () => {
    const mapped = toPortError(MaxAppendSizeExceededError.fromMaxAppendSize(1_048_576), { appendBytes: 2_000_000 });
    expect(mapped).toBeInstanceOf(AppendTooLargeError);
    expect(mapped).toBeInstanceOf(InvalidArgumentError);
    expect(mapped).toMatchObject({ bytes: 2_000_000, field: 'events' });
  });

  const unavailable: Array<[string, unknown]> = [
    ['the library’s UnavailableError', new EsdbUnavailableError()],
    ['the library’s DeadlineExceededError', new DeadlineExceededError()],
    ['the library’s TimeoutError', new TimeoutError()],
    ['the library’s CancelledError (server cancelled)', new CancelledError()],
    ['a raw gRPC error with code 14 (what appendToStream rejects with)', Object.assign(new Error('14 UNAVAILABLE: No connection established'), { code: 14, details: 'No connection established' })],
    ['a plain object with code 14', { code: 14, details: 'No connection established' }],
    ['a raw gRPC deadline error (code 4)', Object.assign(new Error('4 DEADLINE_EXCEEDED'), { code: 4 })],
    ['a refused socket (gossip discovery)', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:2113'), { code: 'ECONNREFUSED' })],
  ];
  it.each(unavailable)('%s becomes UnavailableError, keeping the original as cause', (_label, error) => {
    const mapped = toPortError(error);
    expect(mapped).toBeInstanceOf(UnavailableError);
    expect((mapped as UnavailableError).cause).toBe(error);
    expect((mapped as UnavailableError).message).toMatch(/^EventStoreDB is unavailable: .+/);
  });

  it('errors the port has no name for pass through unchanged', () => {
    const denied = new AccessDeniedError();
    const bug = new TypeError('boom');
    const otherGrpc = { code: 3, details: 'invalid argument' };
    expect(toPortError(denied)).toBe(denied);
    expect(toPortError(bug)).toBe(bug);
    expect(toPortError(otherGrpc)).toBe(otherGrpc);
  });

  it('port errors are not mapped twice', () => {
    const already = new StreamDeletedError('ride-3');
    expect(toPortError(already, { streamName: 'other-1' })).toBe(already);
  });

  it('recognises a missing (or soft-deleted) stream on read', () => {
    expect(isStreamNotFound(new StreamNotFoundError(undefined, 'ride-4'))).toBe(true);
    expect(isStreamNotFound(EsdbStreamDeletedError.fromStreamName('ride-4'))).toBe(false);
  });
});
