/**
 * npm run bench:e2e — complete rides through the real HTTP API and the live channel, as the apps
 * make them, against `npm start` on a fresh database:
 *
 *   rider books (fixed price, car) → driver accepts → arrives → rider reads the PIN → driver
 *   starts with it → completes; the rider's socket hears every step.
 *
 * Each level runs N concurrent rider–driver pairs for BENCH_SECONDS (default 60) and prints
 * rides/s, command p50/p95/p99, ws delivery p50/p99 (from the command's 2xx to the rider's
 * socket), the projection lag p99 (`/health`, sampled every 250 ms), and the accepts refused
 * because the driver was not yet released from their last ride. In the same run, on the same
 * PostgreSQL, the raw-INSERT baseline of `bench:store` (16 connections): rides/s are also given
 * per 1,000 baseline inserts/s, so runs on a busy machine compare. Ends with one JSON line.
 *
 *   npm run bench:e2e                          # this checkout
 *   npm run bench:e2e -- --app ../old-main     # the same bench against another checkout's server
 *   BENCH_LEVELS=1,16 BENCH_SECONDS=20 npm run bench:e2e
 *   BENCH_CPU_PROF=/tmp/prof npm run bench:e2e     # .cpuprofile files of the API and its worker
 *
 * PostgreSQL: DATABASE_URL's server when set, else an embedded one started for the run. Everyone
 * is registered through the API (second factor included); the demo admin approves the drivers.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { chmodSync, existsSync, mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Secret, TOTP } from 'otpauth';
import WebSocket from 'ws';
import { driverDocumentKinds } from '../../domain/driverVerification/index.js';
import { createPool } from '../../platform/database/connect.js';
import { dropDatabase, ensureDatabase, startDatabaseServer } from '../../platform/database/server.js';
import { demoAdmin, DEMO_PASSWORD } from '../../tools/demo/roster.js';
import { demoCode } from '../../tools/demo/totp.js';
import { ApiError, Session } from '../../tools/simulate/client.js';
import { baselineInsert, createBaselineTable, run } from './insertBaseline.js';

const LEVELS = (process.env.BENCH_LEVELS ?? '1,4,8,16').split(',').map(Number);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const BASELINE_INSERTS = 8_000;
const appDir = path.resolve(argument('--app') ?? process.cwd());

/** Kitwe: pickups near the drivers, a 3 km trip. */
const PICKUP = { address: 'Freedom Park, Kitwe', lat: -12.8024, lng: 28.2136 };
const DROPOFF = { address: 'Copperbelt University, Kitwe', lat: -12.8074, lng: 28.2441 };
const DRIVER_AT = { lat: -12.7925, lng: 28.2136 };

interface Person {
  session: Session;
  userId: string;
}

interface Samples {
  command: number[];
  ws: number[];
  lag: number[];
  /** Each projection's own lag samples: which ones make the p99. */
  lagOf: Map<string, number[]>;
  rides: number;
  refusedAccepts: number;
  errors: Map<string, number>;
}

async function main() {
  if (!existsSync(path.join(appDir, 'api/server.ts'))) throw new Error(`${appDir} is not a Tiyende checkout (no api/server.ts)`);
  const folder = mkdtempSync(path.join(tmpdir(), 'tiyende-bench-e2e-'));
  chmodSync(folder, 0o755);
  const database = await startDatabaseServer(process.env, { dataDir: path.join(folder, 'pg'), persistent: false });
  const name = `tiyende_e2e_${Date.now()}`;
  const url = await ensureDatabase(database.adminUrl, name);
  const baselineName = `${name}_baseline`;
  const baselineUrl = await ensureDatabase(database.adminUrl, baselineName);
  console.log(`PostgreSQL: ${database.kind === 'embedded' ? 'embedded (started for this run)' : 'DATABASE_URL'}; app ${appDir}; levels ${LEVELS.join(', ')}; ${SECONDS} s each`);

  const figures: Record<string, number | string> = { app: appDir, seconds_per_level: SECONDS };
  const port = await freePort();
  const server = startServer(appDir, url, port);
  try {
    figures.baseline_insert_c16_per_s = await measureBaseline(baselineUrl);
    console.log(`raw-INSERT baseline (16 connections): ${figures.baseline_insert_c16_per_s} inserts/s`);

    const baseUrl = new URL(`http://127.0.0.1:${port}`);
    await waitForHealth(baseUrl, server);
    const admin = await signInDemoAdmin(baseUrl);
    const most = Math.max(...LEVELS);
    console.log(`registering ${most} riders and ${most} drivers through the API…`);
    const riders = await inGroups(most, () => registerPerson(baseUrl, 'passenger'));
    const drivers = await inGroups(most, async () => onboardDriver(baseUrl, admin, await registerPerson(baseUrl, 'driver')));

    for (const level of LEVELS) {
      const samples = await runLevel(baseUrl, riders.slice(0, level), drivers.slice(0, level));
      const ridesPerSecond = samples.rides / SECONDS;
      const row = {
        rides_per_s: round(ridesPerSecond),
        rides_per_s_per_1k_inserts: round((ridesPerSecond / Number(figures.baseline_insert_c16_per_s)) * 1000),
        command_p50_ms: percentile(samples.command, 50),
        command_p95_ms: percentile(samples.command, 95),
        command_p99_ms: percentile(samples.command, 99),
        ws_p50_ms: percentile(samples.ws, 50),
        ws_p99_ms: percentile(samples.ws, 99),
        lag_p99_ms: percentile(samples.lag, 99),
        refused_accepts_per_ride: samples.rides ? round(samples.refusedAccepts / samples.rides) : 0,
      };
      for (const [key, value] of Object.entries(row)) figures[`c${level}_${key}`] = value;
      const errors = [...samples.errors].map(([code, count]) => `${code}×${count}`).join(', ');
      const slowest = [...samples.lagOf]
        .map(([name, lags]) => ({ name, p99: percentile(lags, 99) }))
        .sort((a, b) => b.p99 - a.p99)
        .slice(0, 4);
      figures[`c${level}_slowest_projections`] = slowest.map(({ name, p99 }) => `${name} ${p99}`).join(', ');
      console.log(
        `${String(level).padStart(2)} pairs: ${row.rides_per_s} rides/s (${row.rides_per_s_per_1k_inserts} per 1k inserts/s); ` +
          `command p50/p95/p99 ${row.command_p50_ms}/${row.command_p95_ms}/${row.command_p99_ms} ms; ` +
          `ws p50/p99 ${row.ws_p50_ms}/${row.ws_p99_ms} ms; lag p99 ${row.lag_p99_ms} ms; ` +
          `refused accepts ${row.refused_accepts_per_ride}/ride${errors ? `; errors ${errors}` : ''}`,
      );
      console.log(`   lag p99 by projection: ${slowest.map(({ name, p99 }) => `${name} ${p99} ms`).join(', ')}`);
    }
    console.log(JSON.stringify({ bench: 'e2e', ...figures }));
  } finally {
    await stopServer(server);
    await dropDatabase(database.adminUrl, name).catch(() => {});
    await dropDatabase(database.adminUrl, baselineName).catch(() => {});
    await database.stop();
  }
}

/** One level: every pair rides back to back until the time is up; /health is sampled meanwhile. */
async function runLevel(baseUrl: URL, riders: Person[], drivers: Person[]): Promise<Samples> {
  const samples: Samples = { command: [], ws: [], lag: [], lagOf: new Map(), rides: 0, refusedAccepts: 0, errors: new Map() };
  console.log(`${riders.length} pairs: riding for ${SECONDS} s…`);
  const endAt = performance.now() + SECONDS * 1000;
  const sampling = sampleLag(baseUrl, endAt, samples);
  await Promise.all(
    riders.map(async (rider, index) => {
      const driver = drivers[index]!;
      const socket = await RiderSocket.open(baseUrl, rider);
      try {
        while (performance.now() < endAt) {
          try {
            await ride(rider, driver, socket, samples);
            samples.rides++;
          } catch (error) {
            const code = error instanceof ApiError ? `${error.path.replace(/[0-9a-f-]{36}/g, ':id')} ${error.code ?? error.status}` : String((error as Error).message).slice(0, 80);
            samples.errors.set(code, (samples.errors.get(code) ?? 0) + 1);
            await sleep(200);
          }
        }
      } finally {
        socket.close();
      }
    }),
  );
  await sampling;
  return samples;
}

/** One complete ride of one pair. */
async function ride(rider: Person, driver: Person, socket: RiderSocket, samples: Samples): Promise<void> {
  const timed = async <T>(operation: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    const answer = await operation();
    samples.command.push(performance.now() - started);
    return answer;
  };
  const booked = await timed(() =>
    rider.session.expect<{ id: string }>('POST', '/api/rides', {
      vehicleType: 'car',
      pickupLocation: PICKUP,
      dropoffLocation: DROPOFF,
      multipleDestinations: [],
      pricingMethod: 'fixed',
      paymentMethod: 'cash',
      isScheduled: false,
      scheduledFor: null,
    }),
  );
  const rideId = booked.id;

  // Accepting is refused while the driver's last ride has not yet released them (a reactor does).
  for (let attempt = 1; ; attempt++) {
    const heard = socket.expect(rideId, 'accepted');
    const started = performance.now();
    const answer = await driver.session.call('PATCH', `/api/rides/${rideId}`, { status: 'accepted', driverId: driver.userId });
    samples.command.push(performance.now() - started);
    if (answer.status === 200) {
      samples.ws.push(await heard.after(performance.now()));
      break;
    }
    heard.cancel();
    if (answer.body?.code !== 'driver_busy' || attempt > 100) throw new ApiError('PATCH', `/api/rides/${rideId}`, answer.status, answer.body);
    samples.refusedAccepts++;
    await sleep(20);
  }

  await step(samples, socket, rideId, 'arrived', () => driver.session.expect('POST', `/api/rides/${rideId}/arrive`));
  // The rider's tracking screen reads the PIN once the read model has the arrival: at once when the
  // server honours the live message's position (Tiyende-Min-Position), else polled.
  let pin: string | undefined;
  for (let attempt = 0; attempt < 500 && !pin; attempt++) {
    const tracking = await rider.session.expect<{ pin: { code: string | null } | null }>('GET', `/api/rides/${rideId}`);
    pin = tracking.pin?.code ?? undefined;
    if (!pin) await sleep(10);
  }
  if (!pin) throw new Error('the rider never saw the PIN');
  await step(samples, socket, rideId, 'in_progress', () => driver.session.expect('POST', `/api/rides/${rideId}/start`, { pin }));
  await step(samples, socket, rideId, 'completed', () => driver.session.expect('POST', `/api/rides/${rideId}/complete`, { distanceKm: 3.4, durationMinutes: 9 }));
}

async function step(samples: Samples, socket: RiderSocket, rideId: string, status: string, command: () => Promise<unknown>) {
  const heard = socket.expect(rideId, status);
  const started = performance.now();
  try {
    await command();
  } catch (error) {
    heard.cancel();
    throw error;
  }
  const answeredAt = performance.now();
  samples.command.push(answeredAt - started);
  samples.ws.push(await heard.after(answeredAt));
}

/** The rider's live channel: resolves each awaited (ride, status) when its `ride_update` arrives. */
class RiderSocket {
  private readonly heard = new Map<string, number>();
  private readonly waiting = new Map<string, (at: number) => void>();

  private constructor(
    private readonly socket: WebSocket,
    rider: Person,
  ) {
    socket.on('message', (data) => {
      const message = JSON.parse(String(data)) as { type: string; rideId?: string; status?: string; position?: string };
      // As the web does: a read after a live message names its position, and sees what it said.
      rider.session.sawPosition(message.position);
      if (message.type !== 'ride_update' || !message.rideId) return;
      const key = `${message.rideId}:${message.status}`;
      const now = performance.now();
      const resolve = this.waiting.get(key);
      if (resolve) {
        this.waiting.delete(key);
        resolve(now);
      } else this.heard.set(key, now);
    });
  }

  static async open(baseUrl: URL, rider: Person): Promise<RiderSocket> {
    const socket = new WebSocket(new URL('/ws', baseUrl).href.replace(/^http/, 'ws'), {
      headers: { cookie: rider.session.cookieHeader ?? '', origin: baseUrl.origin },
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
      socket.once('close', (code, reason) => reject(new Error(`ws closed ${code} ${String(reason)}`)));
    });
    socket.send(JSON.stringify({ type: 'join', userId: rider.userId }));
    return new RiderSocket(socket, rider);
  }

  /** Expect a ride_update; `after(t)` answers how long after t it came (capped at 10 s: counted as 10 s). */
  expect(rideId: string, status: string) {
    const key = `${rideId}:${status}`;
    const arrived = new Promise<number>((resolve) => this.waiting.set(key, resolve));
    return {
      after: async (answeredAt: number): Promise<number> => {
        const early = this.heard.get(key);
        if (early !== undefined) {
          this.heard.delete(key);
          this.waiting.delete(key);
          return Math.max(0, early - answeredAt);
        }
        const at = await Promise.race([arrived, sleep(10_000).then(() => answeredAt + 10_000)]);
        this.waiting.delete(key);
        return at - answeredAt;
      },
      cancel: () => this.waiting.delete(key),
    };
  }

  close() {
    this.socket.close();
  }
}

/** Every 250 ms until the end: the largest lag of any projection in /health. */
async function sampleLag(baseUrl: URL, endAt: number, into: Pick<Samples, 'lag' | 'lagOf'>) {
  while (performance.now() < endAt) {
    const response = await fetch(new URL('/health', baseUrl)).catch(() => undefined);
    const report = (await response?.json().catch(() => undefined)) as { projections?: Array<{ name: string; msBehind: number }> } | undefined;
    if (report?.projections?.length) {
      into.lag.push(Math.max(...report.projections.map((projection) => projection.msBehind)));
      for (const { name, msBehind } of report.projections) into.lagOf.set(name, [...(into.lagOf.get(name) ?? []), msBehind]);
    }
    await sleep(250);
  }
}

async function registerPerson(baseUrl: URL, userType: 'passenger' | 'driver'): Promise<Person> {
  const session = new Session({ baseUrl, timeoutMs: 30_000 });
  const registered = await session.expect<{ userId: string }>('POST', '/api/auth/register', {
    email: `bench-${userType}-${randomUUID().slice(0, 8)}@bench.tiyende.app`,
    password: `pw-${randomUUID()}`,
    fullName: userType === 'driver' ? 'Bench Driver' : 'Bench Rider',
    userType,
  });
  const { secret } = await session.expect<{ secret: string }>('POST', '/api/auth/setup-mfa', { userId: registered.userId, method: 'totp' });
  const code = TOTP.generate({ secret: Secret.fromBase32(secret) });
  await session.expect('POST', '/api/auth/verify-mfa', { userId: registered.userId, code });
  return { session, userId: registered.userId };
}

async function onboardDriver(baseUrl: URL, admin: Session, driver: Person): Promise<Person> {
  const plate = `BCK ${String(Math.floor(Math.random() * 9000) + 1000)}`;
  await driver.session.expect('POST', '/api/drivers/register', {
    licenceNumber: `ZL-${randomUUID().slice(0, 8)}`,
    vehicle: { make: 'Toyota', model: 'Corolla', year: 2018, colour: 'Silver', plateNumber: plate, type: 'car' },
    documents: driverDocumentKinds.map((kind, index) => ({ kind, reference: `${kind.toUpperCase()}-${index + 1}`, expiresOn: '2030-12-31' })),
  });
  // The application reaches the admin's list through a projection: retry until it is there.
  await retry(() => admin.expect('PATCH', `/api/admin/drivers/${driver.userId}/verify`, { verificationStatus: 'approved' }));
  await retry(() => driver.session.expect('PATCH', `/api/drivers/${driver.userId}/status`, { isOnline: true, location: DRIVER_AT }));
  await retry(() => driver.session.expect('POST', `/api/drivers/${driver.userId}/location`, DRIVER_AT));
  return driver;
}

async function signInDemoAdmin(baseUrl: URL): Promise<Session> {
  const session = new Session({ baseUrl, timeoutMs: 30_000 });
  const login = await session.expect<{ userId: string }>('POST', '/api/auth/admin-login', { email: demoAdmin.email, password: DEMO_PASSWORD });
  await session.expect('POST', '/api/auth/verify-mfa', { userId: login.userId, code: demoCode(new Date()) });
  return session;
}

async function measureBaseline(url: string): Promise<number> {
  const pool = createPool(url, 16);
  try {
    await createBaselineTable(pool);
    const seconds = await run(BASELINE_INSERTS, 16, () => baselineInsert(pool));
    return Math.round(BASELINE_INSERTS / seconds);
  } finally {
    await pool.end();
  }
}

function startServer(dir: string, databaseUrl: string, port: number): ChildProcess {
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn', DEMO_DATA: 'on', NODE_ENV: 'development' };
  delete env.EVENTSTORE_URL;
  // BENCH_CPU_PROF=DIR: the API and its worker run under the V8 profiler and leave their profiles in DIR.
  const profileDir = process.env.BENCH_CPU_PROF;
  const server = profileDir
    ? spawn(process.execPath, ['--cpu-prof', `--cpu-prof-dir=${path.resolve(profileDir)}`, '--import', 'tsx', 'api/server.ts'], { cwd: dir, env, stdio: ['ignore', 'ignore', 'pipe'], detached: true })
    : spawn('npm', ['start', '--silent'], { cwd: dir, env, stdio: ['ignore', 'ignore', 'pipe'], detached: true });
  server.stderr?.on('data', (chunk: Buffer) => process.stderr.write(`[server] ${chunk}`));
  return server;
}

async function stopServer(server: ChildProcess) {
  if (server.exitCode !== null || !server.pid) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  process.kill(-server.pid, 'SIGTERM');
  await Promise.race([exited, sleep(15_000).then(() => server.pid && process.kill(-server.pid, 'SIGKILL'))]);
}

async function waitForHealth(baseUrl: URL, server: ChildProcess) {
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited (${server.exitCode}) before it answered`);
    const response = await fetch(new URL('/health', baseUrl)).catch(() => undefined);
    if (response?.ok) return;
    await sleep(500);
  }
  throw new Error('the server did not answer /health within 5 minutes');
}

async function retry<T>(operation: () => Promise<T>, attempts = 100): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await operation();
    } catch (error) {
      if (attempt >= attempts) throw error;
      await sleep(50);
    }
  }
}

/** Registration is argon2 on the server: a few at a time. */
async function inGroups<T>(count: number, make: () => Promise<T>, size = 4): Promise<T[]> {
  const made: T[] = [];
  for (let start = 0; start < count; start += size) {
    made.push(...(await Promise.all(Array.from({ length: Math.min(size, count - start) }, make))));
  }
  return made;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

function percentile(values: number[], p: number): number {
  if (!values.length) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!);
}

function argument(name: string): string | undefined {
  const index = process.argv.indexOf(name);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const round = (n: number) => Math.round(n * 100) / 100;

await main();
