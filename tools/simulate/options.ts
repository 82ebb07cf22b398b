import { parseArgs } from 'node:util';

export interface SimulationOptions {
  baseUrl: URL;
  /** Stop once this many rides have completed; undefined runs until Ctrl-C. */
  rides: number | undefined;
  /** How often every simulated person takes a step. */
  tickMs: number;
  /** How far a driver moves per tick. */
  stepMetres: number;
  /** How many of the demo's simulated riders book rides. */
  riders: number;
  seed: number;
  /** Per HTTP request. */
  timeoutMs: number;
  /**
   * The share of trips (0–1) on which the driver pulls over away from the pickup and the dropoff
   * for longer than the server's unexpected-stop threshold: the server then asks the rider if all
   * is well (a ride check), and the rider answers. Real minutes, whatever the tick.
   */
  longStops: number;
}

export const USAGE = `npm run simulate -- [options]

Signs the demo drivers and riders in to a RUNNING Tiyende (start it with \`npm start\`) and makes
rides happen through the HTTP API: drivers go online and drive along the main roads, riders book
fixed-price and bidding rides, drivers accept or bid, riders accept a bid (sometimes after a
counter-offer), drivers drive to the pickup, start with the rider's PIN, drive, complete, and both rate.

  --url <url>          the server (default http://localhost:3000; this machine only)
  --rides <n>          stop after n completed rides (default: run until Ctrl-C)
  --tick-ms <ms>       how often everyone takes a step (default 2000)
  --step-metres <m>    how far a driver moves per tick (default 200: about 9 times town speed,
                       so a ride takes a minute or two)
  --riders <n>         how many simulated riders book (default: all 4)
  --seed <n>           replay the same choices
  --long-stops <share> the share of trips on which the driver stops for 6 minutes mid-trip, so the
                       server asks the rider if all is well (a ride check; default 0.1, 0 for none)
  --help               this text`;

const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/;

/** Reads the command line; a bad value is an error naming the option. */
export function parseSimulationOptions(argv: readonly string[], maxRiders: number, now = Date.now()): SimulationOptions | 'help' {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      url: { type: 'string', default: 'http://localhost:3000' },
      rides: { type: 'string' },
      'tick-ms': { type: 'string', default: '2000' },
      'step-metres': { type: 'string', default: '200' },
      riders: { type: 'string', default: String(maxRiders) },
      seed: { type: 'string' },
      'long-stops': { type: 'string', default: '0.1' },
      help: { type: 'boolean', default: false },
    },
    strict: true,
  });
  if (values.help) return 'help';
  let baseUrl: URL;
  try {
    baseUrl = new URL(values.url);
  } catch {
    throw new Error(`--url: not a URL: ${values.url}`);
  }
  if (!['http:', 'https:'].includes(baseUrl.protocol)) throw new Error(`--url: must be http:// or https:// (was ${values.url})`);
  if (!LOOPBACK.test(baseUrl.hostname)) {
    throw new Error(`--url: the simulator drives a server on this machine only (localhost, 127.x.x.x or [::1]); was ${baseUrl.hostname}`);
  }
  return {
    baseUrl,
    rides: values.rides === undefined ? undefined : whole('--rides', values.rides, 1, 1_000_000),
    tickMs: whole('--tick-ms', values['tick-ms'], 20, 60_000),
    stepMetres: whole('--step-metres', values['step-metres'], 1, 20_000),
    riders: whole('--riders', values.riders, 1, maxRiders),
    seed: values.seed === undefined ? now % 2 ** 32 : whole('--seed', values.seed, 0, 2 ** 32 - 1),
    timeoutMs: 10_000,
    longStops: share('--long-stops', values['long-stops']),
  };
}

function share(name: string, text: string): number {
  const value = Number(text);
  if (text.trim() === '' || !Number.isFinite(value) || value < 0 || value > 1) throw new Error(`${name}: must be a number from 0 to 1 (was ${text})`);
  return value;
}

function whole(name: string, text: string, min: number, max: number): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value < min || value > max) throw new Error(`${name}: must be a whole number from ${min} to ${max} (was ${text})`);
  return value;
}
