import { sql } from 'kysely';
import type pg from 'pg';
import { retryDelay } from '../../platform/backoff.js';
import { comparePositions, parsePosition, serializePosition, type Position } from '../../platform/eventStore/port.js';
import type { GroupBatchOptions } from './groupBatch.js';

/** The channel projection runners announce their new checkpoints on (`NOTIFY`, sent when the page commits). */
export const READ_POSITIONS_CHANNEL = 'read_positions';

/**
 * The runner's `onCommit`: in the page's transaction, a NOTIFY naming the projections it moved and
 * where they now stand. PostgreSQL delivers it when (and only if) the page commits, to every
 * process listening: the API instances, whichever process runs the projections.
 */
export const notifyReadPositions: NonNullable<GroupBatchOptions['beforeCommit']> = async (trx, applied) => {
  const byPosition = new Map<string, string[]>();
  for (const { name, position } of applied) {
    const key = serializePosition(position);
    byPosition.set(key, [...(byPosition.get(key) ?? []), name]);
  }
  for (const [position, names] of byPosition) {
    await sql`SELECT pg_notify(${READ_POSITIONS_CHANNEL}, ${JSON.stringify({ p: position, n: names })})`.execute(trx);
  }
};

interface Waiter {
  names: readonly string[];
  min: Position;
  done: () => void;
}

/**
 * Where each projection stands, as this process learns it: the stored checkpoints at start, then
 * every page's NOTIFY, and a re-read of the checkpoints every `pollMs` while someone waits (a
 * notification lost to a dropped connection only delays). For "read your own writes": wait until
 * the read models a read needs have passed the position its writer's command answered with.
 */
export class ReadPositions {
  private readonly positions = new Map<string, Position>();
  private readonly waiters = new Set<Waiter>();
  private listener: pg.PoolClient | undefined;
  private poller: NodeJS.Timeout | undefined;
  private reconnect: NodeJS.Timeout | undefined;
  /** Attempts to listen again that failed in a row since the connection was lost. */
  private reconnectFailures = 0;
  private stopped = false;

  constructor(
    private readonly pool: pg.Pool,
    private readonly options: {
      pollMs?: number;
      /** The first pause before listening again after a lost connection; doubling while it fails, at most 30 s. */
      reconnectMs?: number;
    } = {},
  ) {}

  async start(): Promise<void> {
    await this.listen();
    await this.refresh();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.reconnect);
    clearInterval(this.poller);
    for (const waiter of this.waiters) waiter.done();
    const listener = this.listener;
    this.listener = undefined;
    if (!listener) return;
    await listener.query(`UNLISTEN ${READ_POSITIONS_CHANNEL}`).catch(() => {});
    listener.release();
  }

  /** The names among `names` whose read model has not yet applied everything up to `min`. */
  behind(names: readonly string[], min: Position): string[] {
    return names.filter((name) => {
      const at = this.positions.get(name);
      return at === undefined || comparePositions(at, min) < 0;
    });
  }

  /**
   * Resolves once every named projection has passed `min`, or after `timeoutMs`: to the names
   * still behind then ([] when all passed).
   */
  async waitFor(names: readonly string[], min: Position, timeoutMs: number): Promise<string[]> {
    if (this.behind(names, min).length === 0 || this.stopped) return this.behind(names, min);
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => waiter.done(), timeoutMs);
      const waiter: Waiter = {
        names,
        min,
        done: () => {
          clearTimeout(timer);
          this.waiters.delete(waiter);
          if (this.waiters.size === 0) this.stopPolling();
          resolve();
        },
      };
      this.waiters.add(waiter);
      this.startPolling();
    });
    return this.behind(names, min);
  }

  /** Reads every stored checkpoint. */
  async refresh(): Promise<void> {
    const { rows } = await this.pool.query<{ name: string; position: string }>('SELECT name, position FROM projection_checkpoints');
    for (const row of rows) this.note(row.name, parsePosition(row.position));
  }

  private note(name: string, position: Position): void {
    const known = this.positions.get(name);
    if (known !== undefined && comparePositions(known, position) >= 0) return;
    this.positions.set(name, position);
    for (const waiter of this.waiters) {
      if (waiter.names.includes(name) && this.behind(waiter.names, waiter.min).length === 0) waiter.done();
    }
  }

  private receive(payload: string | undefined): void {
    try {
      const { p, n } = JSON.parse(payload ?? '') as { p: string; n: string[] };
      const position = parsePosition(p);
      for (const name of n) this.note(name, position);
    } catch {
      // Not ours, or malformed: the next poll reads the checkpoints anyway.
    }
  }

  private async listen(): Promise<void> {
    const client = await this.pool.connect();
    client.on('notification', (message) => {
      if (message.channel === READ_POSITIONS_CHANNEL) this.receive(message.payload);
    });
    client.on('error', () => {
      if (this.listener !== client) return;
      this.listener = undefined;
      client.release(true);
      this.scheduleReconnect();
    });
    try {
      await client.query(`LISTEN ${READ_POSITIONS_CHANNEL}`);
    } catch (error) {
      client.release(error as Error);
      throw error;
    }
    if (this.stopped) client.release();
    else this.listener = client;
  }

  /** Listens again after a lost connection: at once-ish, then less and less often while the database stays away. */
  private scheduleReconnect(): void {
    if (this.stopped) return;
    this.reconnectFailures++;
    this.reconnect = setTimeout(() => {
      this.listen().then(
        () => {
          this.reconnectFailures = 0;
          // What was announced while it was away: the next wait's poll reads it if this fails.
          this.refresh().catch(() => {});
        },
        () => this.scheduleReconnect(),
      );
    }, retryDelay(this.reconnectFailures, this.options.reconnectMs ?? 1000));
  }

  private startPolling(): void {
    this.poller ??= setInterval(() => void this.refresh().catch(() => {}), this.options.pollMs ?? 250);
  }

  private stopPolling(): void {
    clearInterval(this.poller);
    this.poller = undefined;
  }
}
