import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';

export interface PoolOptions {
  onConnectionLost?: (error: Error) => void;
  /** Names the connections (`application_name`), as PostgreSQL's views show them. */
  applicationName?: string;
}

export function createPool(connectionString: string, max = 10, options: PoolOptions = {}): pg.Pool {
  const pool = new pg.Pool({ connectionString, max, connectionTimeoutMillis: 10_000, ...(options.applicationName && { application_name: options.applicationName }) });
  const lost = (error: Error) => options.onConnectionLost?.(error);
  // An idle client that loses its connection must not crash the process; the pool replaces it.
  pool.on('error', lost);
  // Nor may a checked-out one (a session lookup, a projection's transaction, a timer's claim held
  // open while a failover or pg_terminate_backend cuts it): pg emits `error` on the client, and
  // with no listener that is an uncaught exception. The query in flight rejects on its own (the
  // request answers 503); the pool discards the broken client when it is released.
  pool.on('connect', (client) => {
    client.on('error', lost);
  });
  return pool;
}

export function createKysely<Database>(pool: pg.Pool): Kysely<Database> {
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}
