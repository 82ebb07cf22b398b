/** What the outbox writes to: a ws WebSocket, or a fake in the outbox's own spec. */
export interface OutboxTransport {
  /** Bytes accepted by send but not yet handed to the kernel. */
  readonly bufferedAmount: number;
  send(data: string, done: (error?: Error) => void): void;
  close(code: number, reason: string): void;
}

export interface OutboxLimits {
  /** Messages held back while the socket is congested; beyond it the oldest is dropped. */
  maxQueued: number;
  /** Above this many buffered bytes the outbox stops writing and queues instead. */
  highWaterBytes: number;
  /** Dropped messages since the socket last caught up before it is closed as too slow. */
  maxDropped: number;
}

export const defaultOutboxLimits: OutboxLimits = { maxQueued: 256, highWaterBytes: 256 * 1024, maxDropped: 256 };

export interface OutboxEvents {
  sent(): void;
  dropped(): void;
  closedAsSlow(): void;
}

/** ws's "try again later": the server will not keep buffering for this client. */
const SLOW_CONSUMER_CLOSE = 1013;

/**
 * One socket's outgoing messages, bounded. A phone on a bad network reads slowly; without a cap
 * every message for it would pile up in the server's memory. While the socket's buffer is above
 * the high-water mark, messages wait in a queue of at most `maxQueued`; when that overflows the
 * oldest is dropped (the newest ride status or position matters most, and a client that missed
 * some refetches over HTTP); after `maxDropped` drops without catching up the socket is closed,
 * so the client reconnects and starts fresh.
 */
export class Outbox {
  private readonly queue: string[] = [];
  private droppedSinceCaughtUp = 0;
  private closed = false;

  constructor(
    private readonly transport: OutboxTransport,
    private readonly limits: OutboxLimits,
    private readonly events: OutboxEvents,
  ) {}

  /** Messages waiting for the socket to drain. */
  get queued(): number {
    return this.queue.length;
  }

  push(data: string): void {
    if (this.closed) return;
    if (this.queue.length === 0 && this.transport.bufferedAmount < this.limits.highWaterBytes) {
      this.write(data);
      return;
    }
    this.queue.push(data);
    if (this.queue.length <= this.limits.maxQueued) return;
    this.queue.shift();
    this.droppedSinceCaughtUp += 1;
    this.events.dropped();
    if (this.droppedSinceCaughtUp >= this.limits.maxDropped) {
      this.stop();
      this.events.closedAsSlow();
      this.transport.close(SLOW_CONSUMER_CLOSE, 'too slow to keep up: reconnect and refetch');
    }
  }

  /** Forgets what is queued; nothing more is written. */
  stop(): void {
    this.closed = true;
    this.queue.length = 0;
  }

  private write(data: string): void {
    this.transport.send(data, (error) => {
      if (error) return;
      this.events.sent();
      this.pump();
    });
  }

  private pump(): void {
    while (!this.closed && this.queue.length > 0 && this.transport.bufferedAmount < this.limits.highWaterBytes) {
      this.write(this.queue.shift()!);
    }
    if (this.queue.length === 0) this.droppedSinceCaughtUp = 0;
  }
}
