import { DEMO_PASSWORD, demoDrivers, simulatedRiders } from '../demo/roster.js';
import { ApiError, Session } from './client.js';
import { DemoCodes } from './demoCodes.js';
import { DriverAgent } from './driverAgent.js';
import type { SimulationOptions } from './options.js';
import { seededRandom } from './random.js';
import { RiderAgent } from './riderAgent.js';
import { World, type FinishedRide } from './world.js';

export interface SimulationDeps {
  /** Where the step lines go (stdout by default). */
  write?: (line: string) => void;
  /** The clock the authenticator codes are computed from (the server's, in tests with a fake one). */
  now?: () => Date;
  /** Aborting stops the run after the current tick; the simulated people then leave tidily. */
  signal?: AbortSignal;
}

export interface SimulationSummary {
  finished: FinishedRide[];
  ticks: number;
}

interface Agent {
  step(): Promise<void>;
  /** After a failed step, resynchronise with the server (a rider's next step reads the ride afresh anyway). */
  recover?(): Promise<void>;
  stop(): Promise<void>;
}

/** Sign-ins run a few at a time: argon2 makes each one deliberately slow on the server. */
const SIGN_IN_CONCURRENCY = 4;

/**
 * Runs the demo: signs the demo people in through the HTTP API, puts the drivers online and steps
 * everyone once per tick until the wanted number of rides is finished (completed and rated by
 * both) or the signal aborts.
 */
export async function runSimulation(options: SimulationOptions, deps: SimulationDeps = {}): Promise<SimulationSummary> {
  const write = deps.write ?? ((line: string) => process.stdout.write(`${line}\n`));
  const now = deps.now ?? (() => new Date());
  const world = new World(options, seededRandom(options.seed), write);
  const client = { baseUrl: options.baseUrl, timeoutMs: options.timeoutMs };

  await checkServer(new Session(client), options.baseUrl);
  const codes = new DemoCodes(now, (seconds) =>
    world.log(null, 'simulator', `an earlier run used this period's authenticator code; waiting ${seconds} s for the next one`),
  );
  world.log(null, 'simulator', `signing in ${demoDrivers.length} drivers and ${options.riders} riders at ${options.baseUrl.origin} (seed ${options.seed})`);
  const riders = await inGroups(simulatedRiders().slice(0, options.riders), async (profile, index) => {
    const session = new Session(client);
    await signIn(session, profile.email, codes);
    return new RiderAgent(profile, session, world, index);
  });
  const drivers = await inGroups(demoDrivers, async (profile, index) => {
    const session = new Session(client);
    await signIn(session, profile.email, codes);
    return new DriverAgent(profile, session, world, index);
  });
  for (const rider of riders) await rider.clearLeftovers();
  for (const driver of drivers) await driver.clearLeftovers();
  await inGroups(drivers, (driver) => driver.goOnline());

  const agents: Array<{ label: string; agent: Agent }> = [...drivers, ...riders].map((agent) => ({ label: agent.profile.email, agent }));
  while (!world.done && !deps.signal?.aborted) {
    const started = Date.now();
    world.tick += 1;
    await Promise.all(agents.map(({ label, agent }) => stepSafely(world, label, agent)));
    const rest = options.tickMs - (Date.now() - started);
    if (rest > 0 && !world.done) await sleep(rest, deps.signal);
  }

  world.log(null, 'simulator', `stopping after ${world.tick} ticks, ${world.finished.length} ride(s) finished`);
  await Promise.all(riders.map((rider) => rider.stop().catch(() => undefined)));
  await Promise.all(drivers.map((driver) => driver.stop().catch(() => undefined)));
  return { finished: world.finished, ticks: world.tick };
}

async function stepSafely(world: World, label: string, agent: Agent): Promise<void> {
  try {
    await agent.step();
  } catch (error) {
    world.log(null, label, `step failed: ${error instanceof Error ? error.message : String(error)}`);
    await agent.recover?.().catch(() => undefined);
  }
}

async function checkServer(session: Session, baseUrl: URL): Promise<void> {
  try {
    await session.expect('GET', '/api/catalogue/vehicles');
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    throw new Error(`No Tiyende server answers at ${baseUrl.origin} (${why}). Start it first with \`npm start\`, or pass --url.`);
  }
}

async function signIn(session: Session, email: string, codes: DemoCodes): Promise<void> {
  try {
    await session.signIn(email, DEMO_PASSWORD, codes);
  } catch (error) {
    if (error instanceof ApiError && error.code === 'invalid_credentials') {
      throw new Error(`The demo account ${email} does not sign in with the demo password: start the server with demo data (DEMO_DATA unset or on).`);
    }
    throw error;
  }
}

/**
 * A few at a time. The very first goes alone: if its sign-in finds the code spent, every other
 * waits for a fresh one rather than spending a refusal of its own.
 */
async function inGroups<T, R>(items: readonly T[], work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let start = 0; start < items.length; ) {
    const size = start === 0 ? 1 : SIGN_IN_CONCURRENCY;
    const group = items.slice(start, start + size);
    results.push(...(await Promise.all(group.map((item, offset) => work(item, start + offset)))));
    start += size;
  }
  return results;
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}
