import { fork, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import type pg from 'pg';
import { createKysely, createPool } from '../../platform/database/connect.js';
import { findFreePort } from '../../platform/database/server.js';
import { parsePosition, START } from '../../platform/eventStore/port.js';
import { migrateEventStore, PostgresEventStore } from '../../platform/eventStore/postgres/postgresEventStore.js';
import { projections } from '../../projections/registry.js';
import { createPostgresLagProbe, readModelRows, rebuildProjections } from '../../projections/runner/index.js';
import { readCheckpoints, type CheckpointDatabase } from '../../projections/runner/checkpoints.js';
import { drivers, recordAnalyticsHistory } from '../../tests/support/analyticsHistory.js';
import { createTestDatabase, type TestDatabase } from '../../tests/support/database.js';
import { eventually } from '../../tests/support/projectionTestKit.js';
import type { WorkerMessage } from './messages.js';
import { WORKER_ENTRY, WORKER_EXEC_ARGV } from './supervisor.js';

const root = fileURLToPath(new URL('../..', import.meta.url));

interface Bed {
  database: TestDatabase;
  pool: pg.Pool;
  store: PostgresEventStore;
  env: NodeJS.ProcessEnv;
}

/** The env a worker (or `npm start`'s server) needs to work on the test's database. */
async function openBed(label: string): Promise<Bed> {
  const database = await createTestDatabase(label);
  const pool = createPool(database.url, 5);
  await migrateEventStore(pool);
  const store = new PostgresEventStore({ pool, pollIntervalMs: 100 });
  const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: inject('databaseAdminUrl'), DATABASE_NAME: database.name, LOG_LEVEL: 'info', NODE_ENV: 'test' };
  return { database, pool, store, env };
}

async function closeBed(bed: Bed | undefined) {
  if (!bed) return;
  await bed.store.close();
  await bed.pool.end();
  await bed.database.drop();
}

interface Worker {
  child: ChildProcess;
  ready: Promise<void>;
  exited: Promise<void>;
  statuses: Map<string, string>;
  output(): string;
}

function startWorker(env: NodeJS.ProcessEnv): Worker {
  const child = fork(WORKER_ENTRY, [], { env, execArgv: WORKER_EXEC_ARGV, stdio: ['ignore', 'pipe', 'pipe', 'ipc'] });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const statuses = new Map<string, string>();
  const ready = new Promise<void>((resolve, reject) => {
    child.on('message', (message: WorkerMessage) => {
      if (message.kind === 'ready') resolve();
      if (message.kind === 'status') for (const { name, status } of message.projections) statuses.set(name, status);
    });
    child.on('exit', (code) => reject(new Error(`the worker exited (${code}) before it was ready:\n${output}`)));
  });
  ready.catch(() => {});
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  return { child, ready, exited, statuses, output: () => output };
}

/** Every read model at the end of `$all`, and no event appended for a second: the reactors are done too. */
async function settled(bed: Bed) {
  const probe = createPostgresLagProbe(bed.pool);
  const db = createKysely<CheckpointDatabase>(bed.pool);
  let last = '';
  let quiet = 0;
  await eventually(async () => {
    const checkpoints = await readCheckpoints(db);
    const behind = await Promise.all(
      projections.map(async (projection) => {
        const row = checkpoints.get(projection.name);
        return row ? (await probe([{ checkpoint: parsePosition(row.position), filter: projection.filter }]))[0]!.eventsBehind : -1;
      }),
    );
    const { rows } = await bed.pool.query<{ n: string }>('SELECT count(*) AS n FROM es_events');
    quiet = rows[0]!.n === last && behind.every((n) => n === 0) ? quiet + 1 : 0;
    last = rows[0]!.n;
    expect(quiet, `behind: ${projections.map((p, i) => `${p.name} ${behind[i]}`).join(', ')}`).toBeGreaterThanOrEqual(3);
  }, 60_000);
}

async function dump(bed: Bed) {
  const db = createKysely<CheckpointDatabase>(bed.pool);
  const out: Record<string, unknown[]> = {};
  for (const table of projections.flatMap((projection) => projection.tables)) out[table] = await readModelRows(db, table);
  return out;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('two read-side workers on one database', () => {
  let bed: Bed | undefined;
  const workers: Worker[] = [];
  beforeEach(async () => {
    bed = await openBed('workers');
  });
  afterEach(async () => {
    for (const worker of workers.splice(0)) {
      worker.child.kill('SIGKILL');
      await worker.exited;
    }
    await closeBed(bed);
  });

  it('race for every projection, one of them dies mid-way, and each event is applied exactly once: the rows equal a single rebuild', { timeout: 240_000 }, async () => {
    const { scenario } = await recordAnalyticsHistory(bed!.store);
    const [a, b] = [startWorker(bed!.env), startWorker(bed!.env)];
    workers.push(a, b);
    await Promise.all([a.ready, b.ready]);
    // Both contend for every projection: each is live in one worker and standing by in the other.
    await eventually(async () => {
      for (const projection of projections) {
        expect([a.statuses.get(projection.name), b.statuses.get(projection.name)].sort(), projection.name).toEqual(['live', 'standby']);
      }
    }, 30_000);

    // More history while both run; then the worker running most of the projections is killed outright.
    for (let i = 0; i < 6; i++) await scenario.at(`2026-03-05T0${i}:00:00Z`).completedRide(`race-${i}`, `rider-${i}`, i % 2 ? drivers.mwale : drivers.banda, 4_000 + i);
    const liveIn = (worker: Worker) => [...worker.statuses.values()].filter((status) => status === 'live').length;
    const [victim, survivor] = liveIn(a) >= liveIn(b) ? [a, b] : [b, a];
    victim.child.kill('SIGKILL');
    await victim.exited;
    for (let i = 6; i < 10; i++) await scenario.at(`2026-03-05T0${i}:00:00Z`).completedRide(`race-${i}`, `rider-${i}`, drivers.phiri, 4_000 + i);

    // The survivor takes over what the dead one ran (its locks went with its connections).
    await eventually(async () => {
      for (const projection of projections) expect(survivor.statuses.get(projection.name), projection.name).toBe('live');
    }, 30_000);
    await settled(bed!);
    survivor.child.kill('SIGTERM');
    await survivor.exited;
    const live = await dump(bed!);
    const counted = await readCheckpoints(createKysely<CheckpointDatabase>(bed!.pool));

    const rebuilt = await rebuildProjections({ pool: bed!.pool, store: bed!.store, projections });

    expect(await dump(bed!)).toEqual(live);
    expect(live['rm_rides']?.length).toBeGreaterThanOrEqual(10);
    // Each checkpoint counted every event it applied once, across both workers and the kill.
    for (const projection of projections) {
      expect(Number(counted.get(projection.name)!.events_processed), projection.name).toBe(rebuilt.projections.find((p) => p.name === projection.name)!.eventsReplayed);
    }
  });
});

describe('npm start with its read-side worker', () => {
  let bed: Bed | undefined;
  let server: ChildProcess | undefined;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tiyende-supervised-'));
  afterEach(async () => {
    if (server?.pid && server.exitCode === null) {
      const exited = new Promise((resolve) => server!.on('exit', resolve));
      process.kill(-server.pid, 'SIGTERM');
      await Promise.race([exited, sleep(15_000)]);
    }
    await closeBed(bed);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers while the worker is killed, starts it again, and the read models catch up', { timeout: 240_000 }, async () => {
    bed = await openBed('supervised');
    const port = await findFreePort();
    server = spawn('npx', ['tsx', 'api/server.ts'], {
      cwd: root,
      env: { ...bed.env, PORT: String(port), HOST: '127.0.0.1', DEMO_DATA: 'off', READ_SIDE: 'worker', DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let output = '';
    server.stdout!.on('data', (chunk) => (output += chunk));
    server.stderr!.on('data', (chunk) => (output += chunk));
    const workerPids = () => [...output.matchAll(/"pid":(\d+)[^\n]*"msg":"read-side worker ready"/g)].map((match) => Number(match[1]));
    const base = `http://127.0.0.1:${port}`;
    await eventually(async () => expect((await fetch(`${base}/health`).catch(() => null))?.status, output).toBe(200), 120_000);
    expect(workerPids()).toHaveLength(1);
    const { scenario } = await recordAnalyticsHistory(bed.store);
    await eventually(async () => expect(await behind(bed!, 'rides')).toBe(0), 30_000);

    process.kill(workerPids()[0]!, 'SIGKILL');
    await scenario.at('2026-03-05T08:00:00Z').completedRide('while-down', 'rider-1', drivers.mwale, 4_500);
    // The API still answers (its own reads and /health, which says the read side is not running)…
    await eventually(async () => {
      const health = await fetch(`${base}/health`);
      expect(health.status).toBe(200);
      expect(await health.json()).toMatchObject({ status: 'degraded', projections: expect.arrayContaining([expect.objectContaining({ name: 'rides', status: 'retrying' })]) });
    }, 5_000);
    expect((await fetch(`${base}/api/catalogue/vehicles`)).status).toBe(200);
    // …and projects nothing itself: the read models wait for the worker.
    expect(await behind(bed, 'rides')).toBeGreaterThan(0);

    await eventually(async () => expect(workerPids(), output).toHaveLength(2), 120_000);
    expect(workerPids()[1]).not.toBe(workerPids()[0]);
    await eventually(async () => expect(await behind(bed!, 'rides')).toBe(0), 30_000);
    await eventually(async () => {
      const report = (await (await fetch(`${base}/health`)).json()) as { status: string; projections: Array<{ eventsBehind: number }> };
      expect(report.status).toBe('ok');
      expect(report.projections.every((p) => p.eventsBehind === 0)).toBe(true);
    }, 30_000);
  });
});

/** How many events of `$all` the projection has yet to apply. */
async function behind(bed: Bed, name: string): Promise<number> {
  const projection = projections.find((p) => p.name === name)!;
  const row = (await readCheckpoints(createKysely<CheckpointDatabase>(bed.pool))).get(name);
  const at = row ? parsePosition(row.position) : START;
  return (await createPostgresLagProbe(bed.pool)([{ checkpoint: at, filter: projection.filter }]))[0]!.eventsBehind;
}
