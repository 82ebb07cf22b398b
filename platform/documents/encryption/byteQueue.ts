/** Bytes waiting to be cut into segments, kept as the chunks that arrived (no copy per chunk). */
export class ByteQueue {
  private chunks: Buffer[] = [];
  length = 0;

  push(chunk: Buffer): void {
    if (chunk.length === 0) return;
    this.chunks.push(chunk);
    this.length += chunk.length;
  }

  /** The first `count` bytes (at most what is queued), removed from the queue. */
  take(count: number): Buffer {
    const parts: Buffer[] = [];
    let needed = Math.min(count, this.length);
    this.length -= needed;
    while (needed > 0) {
      const head = this.chunks[0]!;
      if (head.length <= needed) {
        parts.push(head);
        this.chunks.shift();
        needed -= head.length;
      } else {
        parts.push(head.subarray(0, needed));
        this.chunks[0] = head.subarray(needed);
        needed = 0;
      }
    }
    return parts.length === 1 ? parts[0]! : Buffer.concat(parts);
  }

  /** A copy of the first `count` bytes, left in the queue. */
  peek(count: number): Buffer {
    const taken = this.take(count);
    this.chunks.unshift(taken);
    this.length += taken.length;
    return taken;
  }
}
