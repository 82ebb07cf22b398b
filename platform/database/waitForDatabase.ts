import pg from 'pg';

/** Errors that mean "not yet" rather than "never": the server is starting, full, or not reachable yet. */
const TRANSIENT_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  '57P03', // cannot_connect_now: starting up or shutting down
  '53300', // too_many_connections
  '57P01', // admin_shutdown
]);

export function isTransientConnectionError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && TRANSIENT_CODES.has(code)) return true;
  // Class 08 (connection exception) and 57P0x (operator intervention: terminated, shutting down).
  if (typeof code === 'string' && (/^08/.test(code) || /^57P0[1-4]$/.test(code))) return true;
  const message = error instanceof Error ? error.message : '';
  return /Connection terminated|connection timeout|timeout exceeded when trying to connect|too many clients|the database system is (starting up|shutting down)|terminating connection|Client has encountered a connection error|Client was closed/i.test(message);
}

/** `host:port` of a connection string, without its credentials, for messages. */
export function whereOf(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname}:${parsed.port || '5432'}`;
  } catch {
    return 'the configured server';
  }
}

export function describeConnectionError(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : String(error ?? 'unknown error');
}

export interface WaitOptions {
  /** Give up after this long (default 60 s). */
  timeoutMs?: number;
  /** The first pause; each next one doubles, up to 5 s. */
  firstDelayMs?: number;
  /** Told before each pause: what it waits for, why, and for how long. */
  onWait?: (message: string) => void;
  sleep?: (ms: number) => Promise<void>;
}

/**
 * Connects to PostgreSQL until it answers, with backoff (a server still starting, full for a moment,
 * or not up yet in a compose file), saying what it waits for. An error that retrying cannot fix
 * (wrong password, no such database) fails at once; so does running out of time, naming the last
 * cause.
 */
export async function waitForDatabase(url: string, options: WaitOptions = {}): Promise<void> {
  const timeoutMs = options.timeoutMs ?? 60_000;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const started = Date.now();
  let delay = options.firstDelayMs ?? 250;
  for (let attempt = 1; ; attempt++) {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
    client.on('error', () => {});
    try {
      await client.connect();
      await client.query('SELECT 1');
      return;
    } catch (error) {
      const cause = describeConnectionError(error);
      if (!isTransientConnectionError(error)) throw new Error(`PostgreSQL at ${whereOf(url)} refused the connection: ${cause}`, { cause: error });
      const waited = Date.now() - started;
      if (waited + delay > timeoutMs) {
        throw new Error(`PostgreSQL at ${whereOf(url)} did not answer within ${Math.round(timeoutMs / 1000)} s (${attempt} attempts; last: ${cause})`, { cause: error });
      }
      options.onWait?.(`waiting for PostgreSQL at ${whereOf(url)} (${cause}); trying again in ${(delay / 1000).toFixed(1)} s`);
      await sleep(delay);
      delay = Math.min(delay * 2, 5_000);
    } finally {
      await client.end().catch(() => {});
    }
  }
}
