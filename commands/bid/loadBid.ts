import { bidDecider, bidStatus, bidStreamId, type BidEvent, type BidState } from '../../domain/bid/index.js';
import { DomainError } from '../../domain/shared/index.js';
import type { RideCommandOf } from '../../domain/ride/index.js';
import type { EventStore } from '../../platform/eventStore/port.js';
import { loadState } from '../shared/driverFacts.js';

/** The bid as the ride's AcceptBid takes it: what the bid's own stream says now. */
export type BidFacts = RideCommandOf<'AcceptBid'>['data']['bid'];

export async function loadBid(store: EventStore, bidId: string): Promise<BidState> {
  const { state } = await loadState<BidState, BidEvent>(store, bidStreamId(bidId), bidDecider);
  return state;
}

/** The bid's facts for AcceptBid; `known`, the bid's state as the caller has just loaded it (the API's party check), is used instead of reading the stream again. */
export async function requireBidFacts(store: EventStore, bidId: string, known?: BidState): Promise<BidFacts> {
  const state = known?.context.bid?.bidId === bidId ? known : await loadBid(store, bidId);
  const { bid } = state.context;
  const status = bidStatus(state);
  if (bid === null || status === null) throw new DomainError('not_found', `bid ${bidId} was not found`, { bidId });
  return { bidId: bid.bidId, rideId: bid.rideId, driverId: bid.driverId, amountNgwee: bid.amountNgwee, status, expiresAt: bid.expiresAt };
}
