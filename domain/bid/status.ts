import type { SnapshotFrom } from 'xstate';
import type { bidMachine } from './machine.js';
import { streamName } from '../streams.js';

export type BidState = SnapshotFrom<typeof bidMachine>;

export const bidStatuses = ['placed', 'accepted', 'rejected', 'withdrawn', 'expired'] as const;
export type BidStatus = (typeof bidStatuses)[number];

/** The bid's status as the wire names it; null while the stream has no events. */
export function bidStatus(state: BidState): BidStatus | null {
  return state.value === 'idle' ? null : (state.value as BidStatus);
}

export function describeBidState(state: BidState): string {
  const status = bidStatus(state);
  if (status === null) return 'bid does not exist';
  return status === 'expired' ? 'bid has expired' : `bid is ${status}`;
}

/** One stream per driver per ride, so a second live bid by the same driver meets the first. */
export const bidIdFor = (rideId: string, driverId: string) => `${rideId}_${driverId}`;

export const bidStreamId = (bidId: string) => streamName('bid', bidId);
