import { simulatedRiders } from '../demo/roster.js';
import { parseSimulationOptions, USAGE } from './options.js';
import { runSimulation } from './simulation.js';

/**
 * `npm run simulate`: demo drivers and riders making rides happen against a running server.
 * Ctrl-C (or --rides n) stops it; riders cancel what has not started, drivers finish their trip
 * and go offline, so the next run starts clean.
 */
async function main() {
  let options;
  try {
    options = parseSimulationOptions(process.argv.slice(2), simulatedRiders().length);
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`);
    process.exit(2);
  }
  if (options === 'help') {
    console.log(USAGE);
    return;
  }
  const stop = new AbortController();
  let interrupts = 0;
  process.on('SIGINT', () => {
    interrupts += 1;
    // A second Ctrl-C leaves at once, without tidying up.
    if (interrupts > 1) process.exit(130);
    console.log('Stopping: riders cancel what has not started, drivers finish and go offline (Ctrl-C again to quit now)…');
    stop.abort();
  });
  process.on('SIGTERM', () => stop.abort());
  const summary = await runSimulation(options, { signal: stop.signal });
  const bidding = summary.finished.filter((ride) => ride.acceptedBidId !== null).length;
  console.log(`${summary.finished.length} ride(s) completed and rated (${bidding} through bids) in ${summary.ticks} ticks.`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
