import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { dropDatabase, findFreePort } from '../../../platform/database/server.js';

/**
 * A Tiyende server as its own process (the bundled api/server.ts, what `npm start` runs, with its
 * read-side worker), on the test run's PostgreSQL with a database named for the test. Several may
 * share one database (replicas); each may be killed (SIGKILL, the API and its worker at once: no
 * clean-up at all) and started again on the same port.
 */
export interface ServerProcess {
  readonly url: string;
  readonly port: number;
  /** Everything it printed, for a failure's message. */
  output(): string;
  running(): boolean;
  /** Starts it (again), and waits for /health to answer. */
  start(): Promise<void>;
  /** SIGKILL, and waits for the exit. */
  kill(): Promise<void>;
  /** SIGTERM (a clean shutdown), and waits for the exit. */
  stop(): Promise<void>;
  /** Stops it if running and removes its data folder. */
  dispose(): Promise<void>;
}

export interface FaultDatabase {
  name: string;
  /** The server's admin URL (DATABASE_URL for the servers: they create and use `name` on it). */
  adminUrl: string;
  /** The database itself, for the test's own checks. */
  url: string;
  drop(): Promise<void>;
}

export function faultDatabase(label: string): FaultDatabase {
  const adminUrl = inject('databaseAdminUrl');
  const name = `tiyende_fault_${label}_${randomBytes(4).toString('hex')}`;
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { name, adminUrl, url: url.toString(), drop: () => dropDatabase(adminUrl, name) };
}

/** Secrets every replica (and every restart) shares, as production requires. */
const SHARED_SECRETS = {
  SESSION_SECRET: 'fault-suite-session-secret-0123456789abcdef',
  TRIP_SHARE_SECRET: 'fault-suite-trip-share-secret-0123456789abcdef',
};

export async function serverProcess(database: FaultDatabase, options: { demoData?: boolean; env?: Record<string, string> } = {}): Promise<ServerProcess> {
  const entry = inject('faultServerEntry');
  const port = await findFreePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tiyende-fault-'));
  chmodSync(dataDir, 0o755);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...SHARED_SECRETS,
    DATABASE_URL: database.adminUrl,
    DATABASE_NAME: database.name,
    DATABASE_WAIT_SECONDS: '30',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'development',
    DEMO_DATA: options.demoData ? 'on' : 'off',
    // The read side in its worker process, as `npm start` runs it (READ_SIDE=inline to override).
    READ_SIDE: 'worker',
    ...options.env,
  };
  delete env.EVENTSTORE_URL;
  delete env.TIYENDE_TEST_REPORT_DIR;
  let child: ChildProcess | null = null;
  let exit: Promise<void> = Promise.resolve();
  let output = '';
  const url = `http://127.0.0.1:${port}`;

  const server: ServerProcess = {
    url,
    port,
    output: () => output,
    running: () => child !== null && child.exitCode === null && child.signalCode === null,
    async start() {
      if (server.running()) throw new Error('already running');
      // In a process group of its own, so that a kill takes its read-side worker down at the same
      // instant, as a machine losing power would.
      const started = spawn(process.execPath, [entry], { env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
      child = started;
      started.stdout!.on('data', (chunk) => (output += chunk));
      started.stderr!.on('data', (chunk) => (output += chunk));
      exit = new Promise((resolve) => started.on('exit', () => resolve()));
      const deadline = Date.now() + 90_000;
      for (;;) {
        if (!server.running()) throw new Error(`The server exited while starting:\n${output.slice(-4000)}`);
        const answered = await fetch(`${url}/health`, { signal: AbortSignal.timeout(2_000) }).then(
          (response) => response.status,
          () => 0,
        );
        if (answered === 200 || answered === 503) return;
        if (Date.now() > deadline) throw new Error(`The server did not answer /health within 90 s:\n${output.slice(-4000)}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    async kill() {
      if (child?.pid !== undefined && server.running()) process.kill(-child.pid, 'SIGKILL');
      await exit;
    },
    async stop() {
      child?.kill('SIGTERM');
      const timer = setTimeout(() => child?.pid !== undefined && process.kill(-child.pid, 'SIGKILL'), 15_000);
      await exit;
      clearTimeout(timer);
    },
    async dispose() {
      if (server.running()) await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return server;
}

/** Waits until /health reports every projection caught up (twice in a row: a reactor may append just after). */
export async function settled(server: ServerProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let quiet = 0;
  let last = '';
  while (quiet < 2) {
    if (Date.now() > deadline) throw new Error(`The projections did not catch up within ${timeoutMs / 1000} s: ${last}`);
    const report = await fetch(`${server.url}/health`).then((response) => response.json() as Promise<{ projections: Array<{ name: string; eventsBehind: number }> }>);
    last = JSON.stringify(report.projections.filter((projection) => projection.eventsBehind !== 0));
    quiet = report.projections.every((projection) => projection.eventsBehind === 0) ? quiet + 1 : 0;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
