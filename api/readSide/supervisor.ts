import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Logger } from 'pino';
import type { TextMessage } from '../../commands/shared/safetyPorts.js';
import type { ProjectionStatus } from '../../projections/runner/index.js';
import { isWorkerMessage } from './messages.js';

/**
 * Whether this module runs from its TypeScript source (`npm start`: node through tsx) or from a
 * bundle (api/server.ts and api/worker.ts built side by side as server.mjs and worker.mjs, as the
 * fault suite runs them).
 */
const fromSource = import.meta.url.endsWith('.ts');

/** The worker's entry point (api/worker.ts, or worker.mjs beside a bundled server), and how node runs it. */
export const WORKER_ENTRY = fileURLToPath(fromSource ? new URL('../worker.ts', import.meta.url) : new URL('./worker.mjs', import.meta.url));
/** The API's own `--cpu-prof…` flags go on to the worker, so one profiled run profiles both. */
const profilerFlags = process.execArgv.filter((flag) => flag.startsWith('--cpu-prof'));
export const WORKER_EXEC_ARGV = [...(fromSource ? ['--import', 'tsx'] : []), ...profilerFlags];

export interface SupervisorOptions {
  /** The worker's environment: DATABASE_URL and the secrets it must share with the API. */
  env: NodeJS.ProcessEnv;
  logger: Logger;
  /** The development outbox's SMS the worker sent. */
  onText?: (message: TextMessage) => void;
  entry?: string;
  /** The first restart's delay; each quick death doubles it, up to `maxBackoffMs`. */
  minBackoffMs?: number;
  maxBackoffMs?: number;
  /** A worker that ran this long before dying is restarted after `minBackoffMs` again. */
  stableAfterMs?: number;
}

interface Reported {
  status: ProjectionStatus;
  error?: string;
}

/**
 * Starts the read-side worker as a child process and keeps it running: a worker that dies (a
 * crash, an out-of-memory kill) is started again after a delay that doubles while it keeps dying
 * quickly, and the API goes on serving meanwhile (the read models only stop moving). It passes on
 * what the worker reports: its projections' statuses for /health, and development SMS.
 */
export class ReadSideSupervisor {
  private child: ChildProcess | undefined;
  private statuses = new Map<string, Reported>();
  private failures = 0;
  private restartTimer: NodeJS.Timeout | undefined;
  private stopping = false;
  private readyWaiters: Array<() => void> = [];
  private ready = false;
  /** Workers started so far (the first one counts). */
  starts = 0;

  constructor(private readonly options: SupervisorOptions) {}

  start(): void {
    if (this.stopping || this.child) return;
    const startedAt = Date.now();
    this.starts++;
    this.ready = false;
    const child = fork(this.options.entry ?? WORKER_ENTRY, [], { env: this.options.env, execArgv: WORKER_EXEC_ARGV, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    this.child = child;
    child.on('message', (message) => {
      if (!isWorkerMessage(message)) return;
      if (message.kind === 'status') this.statuses = new Map(message.projections.map(({ name, status, error }) => [name, { status, error }]));
      if (message.kind === 'text') this.options.onText?.(message.message);
      if (message.kind === 'ready') {
        this.ready = true;
        for (const resolve of this.readyWaiters.splice(0)) resolve();
      }
    });
    child.on('error', (error) => this.options.logger.error({ err: error }, 'read-side worker: could not be started'));
    child.on('exit', (code, signal) => {
      this.child = undefined;
      this.ready = false;
      this.statuses.clear();
      if (this.stopping) return;
      const ranMs = Date.now() - startedAt;
      this.failures = ranMs >= (this.options.stableAfterMs ?? 30_000) ? 1 : this.failures + 1;
      const delayMs = Math.min(this.options.maxBackoffMs ?? 30_000, (this.options.minBackoffMs ?? 500) * 2 ** (this.failures - 1));
      this.options.logger.error({ code, signal, ranMs, restartInMs: delayMs }, 'read-side worker died: starting it again');
      this.restartTimer = setTimeout(() => this.start(), delayMs);
    });
  }

  /** Resolves true once the current worker says it is ready, false after `timeoutMs`. */
  whenReady(timeoutMs: number): Promise<boolean> {
    if (this.ready) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(false), timeoutMs);
      this.readyWaiters.push(() => {
        clearTimeout(timer);
        resolve(true);
      });
    });
  }

  /** True while a worker process is up and has said it is ready. */
  get running(): boolean {
    return this.child !== undefined && this.ready;
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** What the worker last reported for a projection; while it is down, that it is being restarted. */
  statusOf(name: string): Reported {
    if (!this.running) return { status: 'retrying', error: 'the read-side worker is not running: it is being started again' };
    return this.statuses.get(name) ?? { status: 'standby' };
  }

  /** Asks the worker to stop (SIGTERM: it finishes its page and lets go of its locks), killing it after `graceMs`. */
  async stop(graceMs = 10_000): Promise<void> {
    this.stopping = true;
    clearTimeout(this.restartTimer);
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGTERM');
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), graceMs)));
    if ((await Promise.race([exited, late])) === 'late') {
      this.options.logger.warn('read-side worker did not stop in time: killing it');
      child.kill('SIGKILL');
      await exited;
    }
    clearTimeout(timer);
  }
}
