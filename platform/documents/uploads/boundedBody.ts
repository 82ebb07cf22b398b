import { UploadRejectedError } from './uploadRejected.js';

interface Bound {
  field: string;
  limitBytes: number;
  accepted: readonly string[];
}

const tooLarge = ({ field, limitBytes, accepted }: Bound) =>
  new UploadRejectedError(field, 'too_large', accepted, 'this file is larger than allowed', limitBytes);

/**
 * Reads a whole body that must stay under a limit, refusing it as soon as it goes over: at most
 * the limit plus one chunk is ever held, whatever the sender keeps sending. Leaving the loop
 * early destroys a Node stream source, so the rest is not read either.
 */
export async function readBounded(source: AsyncIterable<Uint8Array>, bound: Bound): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of source) {
    total += chunk.byteLength;
    if (total > bound.limitBytes) throw tooLarge(bound);
    chunks.push(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
  }
  return Buffer.concat(chunks, total);
}

/**
 * The start of a body (at least `headBytes`, or all of it when shorter) and the rest as a
 * stream that fails with too_large once the whole passes the limit: for bodies too long to hold.
 */
export async function splitHead(
  source: AsyncIterable<Uint8Array>,
  headBytes: number,
  bound: Bound,
): Promise<{ head: Buffer; rest: AsyncIterable<Buffer>; discard(): Promise<void> }> {
  const iterator = source[Symbol.asyncIterator]();
  const chunks: Buffer[] = [];
  let total = 0;
  let finished = false;
  while (total < headBytes) {
    const next = await iterator.next();
    if (next.done) {
      finished = true;
      break;
    }
    total += next.value.byteLength;
    if (total > bound.limitBytes) {
      await iterator.return?.();
      throw tooLarge(bound);
    }
    chunks.push(Buffer.from(next.value.buffer, next.value.byteOffset, next.value.byteLength));
  }
  const head = Buffer.concat(chunks, total);
  async function* rest(): AsyncIterable<Buffer> {
    let sent = head.length;
    yield head;
    if (finished) return;
    try {
      for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
        sent += next.value.byteLength;
        if (sent > bound.limitBytes) throw tooLarge(bound);
        yield Buffer.from(next.value.buffer, next.value.byteOffset, next.value.byteLength);
      }
    } finally {
      await iterator.return?.();
    }
  }
  return {
    head,
    rest: rest(),
    discard: async () => {
      await iterator.return?.();
    },
  };
}
