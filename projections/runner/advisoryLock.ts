import { createHash } from 'node:crypto';
import pg from 'pg';
import { abortableDelay } from './abortableDelay.js';

/** A session-level advisory lock, held on a connection of its own for as long as it is needed. */
export interface HeldLock {
  /** Aborts if the lock's connection drops: PostgreSQL has released the lock. */
  readonly lost: AbortSignal;
  release(): Promise<void>;
}

export interface AcquireOptions {
  /** Opens the dedicated connection (not a pooled one: the lock lives as long as its session). */
  connect: () => Promise<pg.Client>;
  /** Any string: hashed to the lock's 64-bit key. */
  name: string;
  /** Stops waiting: the promise then resolves to undefined. */
  signal?: AbortSignal;
  retryMs?: number;
  /** Gives up after this long, throwing {@link LockHeldError}. Waits indefinitely when absent. */
  timeoutMs?: number;
  /** Called once when the lock is found held by another session. */
  onWaiting?: (holderPid: number | undefined) => void;
}

export class LockHeldError extends Error {
  override name = 'LockHeldError';
  constructor(
    readonly lockName: string,
    readonly holderPid: number | undefined,
  ) {
    super(`${lockName} is held by another process (PostgreSQL backend pid ${holderPid ?? 'unknown'}); stop it first`);
  }
}

/** Waits until the lock is free, then holds it. One connection per lock; released on release(). */
export async function acquireAdvisoryLock(options: AcquireOptions): Promise<HeldLock | undefined> {
  const key = lockKey(options.name).toString();
  const deadline = options.timeoutMs === undefined ? Infinity : Date.now() + options.timeoutMs;
  const lost = new AbortController();
  const client = await options.connect();
  // A dropped session releases the lock on the server: whoever holds it here must stop writing.
  client.on('error', () => lost.abort());
  client.on('end', () => lost.abort());
  let reportedWaiting = false;
  try {
    for (;;) {
      if (options.signal?.aborted) {
        await client.end();
        return undefined;
      }
      const { rows } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1::bigint) AS locked', [key]);
      if (rows[0]?.locked) break;
      const holderPid = await findHolder(client, key);
      if (Date.now() >= deadline) throw new LockHeldError(options.name, holderPid);
      if (!reportedWaiting) options.onWaiting?.(holderPid);
      reportedWaiting = true;
      await abortableDelay(options.retryMs ?? 1000, options.signal);
    }
  } catch (error) {
    await client.end().catch(() => {});
    throw error;
  }
  return {
    lost: lost.signal,
    async release() {
      if (!lost.signal.aborted) {
        await client.query('SELECT pg_advisory_unlock($1::bigint)', [key]).catch(() => {});
      }
      await client.end().catch(() => {});
    },
  };
}

/** Lock connections outside the pool: held locks must never starve the pool of connections. */
export function dedicatedConnections(pool: pg.Pool): () => Promise<pg.Client> {
  return async () => {
    const client = new pg.Client(pool.options);
    // Listened to from the start: a backend terminated just as it starts (a failover, an admin's
    // pg_terminate_backend) can send its FATAL in the very packet that completes the connection,
    // before the caller has attached its own listener — unheard, that is an uncaught exception
    // that ends the process. The caller's next query then fails, and it connects again.
    client.on('error', () => {});
    try {
      await client.connect();
    } catch (error) {
      await client.end().catch(() => {});
      throw error;
    }
    return client;
  };
}

/** A stable, non-negative 64-bit key, so pg_locks shows it as (classid, objid) without a sign. */
export function lockKey(name: string): bigint {
  const digest = createHash('sha256').update(`tiyende:${name}`).digest();
  return BigInt.asUintN(63, digest.readBigUInt64BE(0));
}

async function findHolder(client: pg.Client, key: string): Promise<number | undefined> {
  const { rows } = await client.query<{ pid: number }>(
    `SELECT pid FROM pg_locks
      WHERE locktype = 'advisory' AND granted AND objsubid = 1
        AND database = (SELECT oid FROM pg_database WHERE datname = current_database())
        AND ((classid::bigint << 32) | objid::bigint) = $1::bigint`,
    [key],
  );
  return rows[0]?.pid;
}
