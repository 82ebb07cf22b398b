import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededRandom } from '../../tools/simulate/random.js';
import { projections } from '../../projections/registry.js';
import { readModelRows } from '../../projections/runner/readModelRows.js';
import { rebuildProjection } from '../../projections/runner/rebuild.js';
import { checkpointOf, openTestBed, type TestBed } from '../../tests/support/projectionTestKit.js';
import { streamCatalogueProjection } from '../../projections/streamCatalogue/projection.js';

const EVENTS = 6000;
const KILLS = 24;
const CHILD_BATCH_SIZE = 10;
const CHILD = fileURLToPath(new URL('./runProjectionUntilCaughtUp.ts', import.meta.url));
const SEED = Number(process.env.CRASH_SEED ?? Math.floor(Math.random() * 2 ** 31));

/**
 * Kills a projection process (SIGKILL: no clean-up of any kind) at random moments of a replay,
 * restarting it each time. Exactly-once means the read model ends identical, row for row, to
 * a clean rebuild, and the checkpoint has counted every event once.
 * Re-run a failure with CRASH_SEED=<the printed seed>.
 */
describe('a projection killed during replay', () => {
  let bed: TestBed;
  const projection = streamCatalogueProjection;
  beforeAll(async () => {
    console.log(`[projectionCrash] seed ${SEED} (CRASH_SEED=${SEED} to repeat)`);
    bed = await openTestBed('crash');
    await bed.migrate(...projections);
    await appendAcrossCategories(bed, EVENTS);
  });
  afterAll(async () => {
    await bed?.dispose();
  });

  it(`ends identical to a clean rebuild after ${KILLS} SIGKILLs`, { timeout: 300_000 }, async () => {
    // Seeded: the same seed replays the same kill schedule.
    const random = seededRandom(SEED).next;
    const processedAtKill: number[] = [];
    for (let kill = 0; kill < KILLS; kill++) {
      // Spread the kills over the replay; the jitter and a random delay after the threshold
      // land them anywhere in the child's cycle: mid-transaction, mid-commit, between batches.
      const threshold = Math.floor((kill + 0.2 + 0.6 * random()) * ((0.9 * EVENTS) / KILLS));
      const child = startChild();
      await until(async () => (await eventsProcessed()) >= threshold || child.exited);
      await sleep(Math.floor(random() * 15));
      if (child.exited) throw new Error(`The child finished before kill ${kill + 1}: ${child.stderr()}`);
      child.process.kill('SIGKILL');
      const exit = await child.exit;
      expect(exit.signal, child.stderr()).toBe('SIGKILL');
      processedAtKill.push(await eventsProcessed());
    }

    const last = startChild();
    const exit = await last.exit;
    expect(exit, last.stderr()).toEqual({ code: 0, signal: null });

    const midReplay = processedAtKill.filter((processed) => processed > 0 && processed < EVENTS);
    expect(midReplay.length, `events processed at each kill: ${processedAtKill.join(', ')}`).toBeGreaterThanOrEqual(20);
    expect(await eventsProcessed()).toBe(EVENTS);
    const afterCrashes = await readModelRows(bed.db, 'rm_stream_catalogue');
    expect(afterCrashes.reduce((sum, row) => sum + Number(row.event_count), 0)).toBe(EVENTS);

    const rebuilt = await rebuildProjection({ pool: bed.pool, store: bed.store, projection, batchSize: 1000 });

    expect(rebuilt.eventsReplayed).toBe(EVENTS);
    expect(await readModelRows(bed.db, 'rm_stream_catalogue')).toEqual(afterCrashes);
  });

  async function eventsProcessed(): Promise<number> {
    return Number((await checkpointOf(bed.db, projection.name))?.events_processed ?? 0);
  }

  function startChild() {
    const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', CHILD], {
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl(bed),
        PROJECTION: projection.name,
        BATCH_SIZE: String(CHILD_BATCH_SIZE),
        EXPECTED_EVENTS: String(EVENTS),
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const handle = {
      process: child,
      exited: false,
      stderr: () => stderr,
      exit: new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
        child.on('exit', (code, signal) => {
          handle.exited = true;
          resolve({ code, signal });
        }),
      ),
    };
    return handle;
  }
});

/** Interleaved appends to streams of several categories, so batches mix streams and revisit them. */
async function appendAcrossCategories(bed: TestBed, total: number): Promise<void> {
  const categories = ['ride', 'bid', 'driver', 'driverVerification', 'routeEncoding'];
  const streams = Array.from({ length: 300 }, (_, i) => `${categories[i % categories.length]}-${randomUUID()}`);
  const eventsPerAppend = 2;
  const appends = Array.from({ length: total / eventsPerAppend }, (_, i) => streams[i % streams.length]!);
  let next = 0;
  // Several writers at once: `$all` then interleaves transactions as production traffic does.
  await Promise.all(
    Array.from({ length: 6 }, async () => {
      while (next < appends.length) {
        const stream = appends[next++]!;
        await bed.store.appendToStream(
          stream,
          Array.from({ length: eventsPerAppend }, (_, k) => ({ id: randomUUID(), type: `Step${k}Happened`, data: { k } })),
        );
      }
    }),
  );
}

function databaseUrl(bed: TestBed): string {
  const url = bed.pool.options.connectionString;
  if (!url) throw new Error('The test pool has no connection string');
  return url;
}

async function until(condition: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('Timed out waiting for the child');
    await sleep(5);
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
