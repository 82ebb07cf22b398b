import {
  AppendTooLargeError,
  InvalidArgumentError,
  MAX_APPEND_BYTES,
  type EventToAppend,
  type ExpectedRevision,
  type ReadStreamOptions,
} from './port.js';

/** `category-id`: a camelCase category, a dash, then an id of letters, digits and `_.:-`. */
const STREAM_NAME = /^[a-z][A-Za-z0-9]*-[A-Za-z0-9][A-Za-z0-9_.:-]*$/;
const EVENT_TYPE = /^[A-Za-z][A-Za-z0-9_.:-]*$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MAX_NAME_LENGTH = 200;

export function validateStreamName(streamName: unknown): string {
  if (typeof streamName !== 'string' || streamName.length > MAX_NAME_LENGTH || !STREAM_NAME.test(streamName)) {
    throw new InvalidArgumentError(
      'streamName',
      `${JSON.stringify(streamName)} is not a stream name of the form category-id`,
    );
  }
  return streamName;
}

export function validateExpectedRevision(expected: unknown): ExpectedRevision {
  if (expected === 'any' || expected === 'no_stream' || expected === 'stream_exists') return expected;
  if (typeof expected === 'bigint' && expected >= 0n) return expected;
  throw new InvalidArgumentError(
    'expectedRevision',
    `${describe(expected)} is not 'any', 'no_stream', 'stream_exists' or a revision (a bigint ≥ 0)`,
  );
}

export function validateRevision(field: string, revision: unknown): bigint {
  if (typeof revision === 'bigint' && revision >= 0n) return revision;
  if (typeof revision === 'number' && Number.isSafeInteger(revision) && revision >= 0) return BigInt(revision);
  throw new InvalidArgumentError(field, `${describe(revision)} is not a whole number ≥ 0`);
}

export function validateMaxCount(maxCount: unknown, fallback: number): number {
  if (maxCount === undefined) return fallback;
  if (typeof maxCount === 'number' && Number.isSafeInteger(maxCount) && maxCount > 0) return maxCount;
  if (typeof maxCount === 'bigint' && maxCount > 0n) return Number(maxCount);
  throw new InvalidArgumentError('maxCount', `${describe(maxCount)} is not a whole number > 0`);
}

export function validateReadStreamOptions(options: ReadStreamOptions = {}) {
  const direction = options.direction ?? 'forwards';
  if (direction !== 'forwards' && direction !== 'backwards') {
    throw new InvalidArgumentError('direction', `${describe(direction)} is not forwards or backwards`);
  }
  const from = options.fromRevision;
  const fromRevision =
    from === undefined || from === 'start' || from === 'end' ? from : validateRevision('fromRevision', from);
  return { direction, fromRevision, maxCount: validateMaxCount(options.maxCount, Number.MAX_SAFE_INTEGER) };
}

export interface SerializedEvent {
  id: string;
  type: string;
  data: string;
  metadata: string;
}

/** Checks ids, types and JSON, and serializes each event once: what is stored is what was checked. */
export function serializeEvents(events: readonly EventToAppend[]): SerializedEvent[] {
  if (!Array.isArray(events) || events.length === 0) {
    throw new InvalidArgumentError('events', 'an append needs at least one event');
  }
  let bytes = 0;
  const seen = new Set<string>();
  const serialized = events.map((event, index) => {
    if (typeof event !== 'object' || event === null) {
      throw new InvalidArgumentError(`events[${index}]`, 'is not an event object');
    }
    if (typeof event.id !== 'string' || !UUID.test(event.id)) {
      throw new InvalidArgumentError(`events[${index}].id`, `${describe(event.id)} is not a UUID`);
    }
    const id = event.id.toLowerCase();
    if (seen.has(id)) throw new InvalidArgumentError(`events[${index}].id`, `${id} appears twice in one append`);
    seen.add(id);
    if (typeof event.type !== 'string' || event.type.length > MAX_NAME_LENGTH || !EVENT_TYPE.test(event.type)) {
      throw new InvalidArgumentError(`events[${index}].type`, `${describe(event.type)} is not an event type`);
    }
    const data = toJson(event.data, `events[${index}].data`);
    const metadata = toJson(event.metadata ?? {}, `events[${index}].metadata`);
    if (!isPlainObject(event.metadata ?? {})) {
      throw new InvalidArgumentError(`events[${index}].metadata`, 'must be a JSON object');
    }
    bytes += Buffer.byteLength(data) + Buffer.byteLength(metadata) + event.type.length + 36;
    return { id, type: event.type, data, metadata };
  });
  if (bytes > MAX_APPEND_BYTES) throw new AppendTooLargeError(bytes);
  return serialized;
}

/** Strict JSON: refuses undefined, functions, symbols, bigints, NaN, ±Infinity, cycles, class instances. */
function toJson(value: unknown, field: string): string {
  assertJson(value, field, new Set());
  return JSON.stringify(value);
}

function assertJson(value: unknown, path: string, ancestors: Set<object>): void {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return;
    case 'number':
      if (!Number.isFinite(value)) throw new InvalidArgumentError(path, `${value} is not a JSON number`);
      return;
    case 'object': {
      if (value === null) return;
      if (ancestors.has(value)) throw new InvalidArgumentError(path, 'contains a cycle');
      ancestors.add(value);
      if (Array.isArray(value)) {
        value.forEach((item, i) => assertJson(item, `${path}[${i}]`, ancestors));
      } else if (isPlainObject(value)) {
        for (const [key, item] of Object.entries(value)) {
          if (item !== undefined) assertJson(item, `${path}.${key}`, ancestors);
        }
      } else {
        throw new InvalidArgumentError(path, `a ${value.constructor?.name ?? 'non-plain object'} is not JSON`);
      }
      ancestors.delete(value);
      return;
    }
    default:
      throw new InvalidArgumentError(path, `a ${typeof value} is not JSON`);
  }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

function describe(value: unknown): string {
  if (typeof value === 'bigint') return `${value}n`;
  if (typeof value === 'string') return JSON.stringify(value);
  return String(value);
}
