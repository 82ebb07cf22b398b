import type { SnapshotFrom } from 'xstate';
import type { RideCheck, rideChecksMachine } from './machine.js';
import { streamName } from '../streams.js';

export type RideChecksState = SnapshotFrom<typeof rideChecksMachine>;

export const rideChecksStream = (rideId: string) => streamName('rideChecks', rideId);

/** The ride's n-th check: derived, so a retried watcher run names the same check. */
export const rideCheckIdFor = (rideId: string, number: number) => `${rideId}_check${number}`;

/** The checks the rider still has to answer (what the tracking screen shows), oldest first. */
export const checksAwaitingAnswer = (state: RideChecksState): RideCheck[] =>
  state.context.checks.filter((check) => check.status === 'awaiting');

export function describeRideChecksState(state: RideChecksState): string {
  const open = checksAwaitingAnswer(state).length;
  return open === 0 ? 'ride has no check awaiting an answer' : `ride has ${open} check${open === 1 ? '' : 's'} awaiting an answer`;
}
