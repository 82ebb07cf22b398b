import { comparePositions, parsePosition, START, type Position } from '../platform/eventStore/port.js';

/** Anything that reports the checkpoints it has stored (projection and reactor runners). */
export interface CheckpointReporter {
  lag(): Promise<ReadonlyArray<{ position: string }>>;
}

/**
 * Where the live hub starts reading: the newest checkpoint any runner has stored, which is close
 * to the end of `$all`, so an instance coming up reads seconds of events, not the whole history,
 * before it is live. (The hub serves nothing from before the end either way.)
 */
export function fromNewestCheckpoint(runners: readonly CheckpointReporter[]): () => Promise<Position> {
  return async () => {
    const lags = (await Promise.all(runners.map((runner) => runner.lag()))).flat();
    return lags
      .map((lag) => parsePosition(lag.position))
      .reduce((newest, position) => (comparePositions(position, newest) > 0 ? position : newest), START);
  };
}
