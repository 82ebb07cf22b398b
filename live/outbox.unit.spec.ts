import { describe, expect, it } from 'vitest';
import { Outbox, type OutboxLimits, type OutboxTransport } from './outbox.js';

/** A socket whose buffer the test fills and drains by hand. */
class FakeSocket implements OutboxTransport {
  bufferedAmount = 0;
  readonly written: string[] = [];
  readonly pending: Array<() => void> = [];
  closedWith: [number, string] | null = null;

  send(data: string, done: (error?: Error) => void): void {
    this.written.push(data);
    this.bufferedAmount += data.length;
    this.pending.push(() => {
      this.bufferedAmount -= data.length;
      done();
    });
  }

  /** The kernel takes everything buffered. */
  drain(): void {
    while (this.pending.length > 0) this.pending.shift()!();
  }

  close(code: number, reason: string): void {
    this.closedWith = [code, reason];
  }
}

const limits: OutboxLimits = { maxQueued: 3, highWaterBytes: 10, maxDropped: 4 };

function outbox() {
  const socket = new FakeSocket();
  const counts = { sent: 0, dropped: 0, closedAsSlow: 0 };
  const box = new Outbox(socket, limits, {
    sent: () => counts.sent++,
    dropped: () => counts.dropped++,
    closedAsSlow: () => counts.closedAsSlow++,
  });
  return { socket, counts, box };
}

describe('a socket outbox', () => {
  it('writes straight through while the socket keeps up', () => {
    const { socket, counts, box } = outbox();
    box.push('a');
    socket.drain();
    box.push('b');
    socket.drain();
    expect(socket.written).toEqual(['a', 'b']);
    expect(counts.sent).toBe(2);
    expect(box.queued).toBe(0);
  });

  it('holds messages while the socket is congested and sends them in order once it drains', () => {
    const { socket, box } = outbox();
    box.push('0123456789');
    box.push('b');
    box.push('c');
    expect(socket.written).toEqual(['0123456789']);
    expect(box.queued).toBe(2);

    socket.drain();
    expect(socket.written).toEqual(['0123456789', 'b', 'c']);
    expect(box.queued).toBe(0);
  });

  it('drops the oldest held message when more than maxQueued wait, and counts it', () => {
    const { socket, counts, box } = outbox();
    box.push('0123456789');
    for (const message of ['b', 'c', 'd', 'e']) box.push(message);
    expect(counts.dropped).toBe(1);

    socket.drain();
    expect(socket.written).toEqual(['0123456789', 'c', 'd', 'e']);
  });

  it('closes a socket that never catches up (1013) and writes nothing more to it', () => {
    const { socket, counts, box } = outbox();
    box.push('0123456789');
    for (let index = 0; index < limits.maxQueued + limits.maxDropped; index++) box.push(`m${index}`);

    expect(socket.closedWith).toEqual([1013, 'too slow to keep up: reconnect and refetch']);
    expect(counts).toMatchObject({ dropped: limits.maxDropped, closedAsSlow: 1 });
    socket.drain();
    box.push('late');
    expect(socket.written).toEqual(['0123456789']);
  });

  it('forgives earlier drops once the socket has caught up', () => {
    const { socket, box } = outbox();
    for (let round = 0; round < 3; round++) {
      box.push('0123456789');
      for (const message of ['b', 'c', 'd', 'e', 'f']) box.push(message);
      socket.drain();
    }
    expect(socket.closedWith).toBeNull();
  });
});
