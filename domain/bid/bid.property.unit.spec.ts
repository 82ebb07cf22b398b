import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import type { Actor } from '../shared/command.js';
import { DomainError, fold } from '../shared/index.js';
import { fixedDeps } from '../shared/spec.js';
import type { BidCommand } from './commands.js';
import { bidDecider } from './decider.js';
import { parseBidEvent, type BidEvent } from './events.js';
import { admin, biddingRide, bidId, driver, driverUser, otherDriverUser, placeBid, rider, system } from '../../tests/support/fixtures/bid.js';
import { bidStatus, type BidState } from './status.js';

/**
 * Random bid commands by random actors, decided and folded purely: one driver per stream, never
 * two live bids, settled bids take nothing more, refusals change nothing, refolding agrees.
 */

const start = Date.parse('2025-01-15T08:00:00.000Z');
const mostly = fc.integer({ min: 0, max: 9 }).map((n) => n > 0);

/**
 * Placing, withdrawing and expiring outweigh settling, which ends the walk: so bids are often
 * withdrawn or let expire and placed again before they are settled.
 */
const commandSpec = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      type: fc.constant('PlaceBid' as const),
      amountNgwee: fc.integer({ min: 2_500, max: 16_000 }),
      expiresInSeconds: fc.integer({ min: -10, max: 180 }),
      rideStatus: fc.constantFrom('pending', 'pending', 'pending', 'accepted', 'cancelled'),
      bidding: mostly,
      verified: mostly,
      online: mostly,
      free: mostly,
    }),
  },
  { weight: 3, arbitrary: fc.record({ type: fc.constantFrom('WithdrawBid' as const, 'ExpireBid' as const) }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('MarkBidAccepted' as const) }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('MarkBidRejected' as const), reason: fc.constantFrom('another_bid_accepted', 'ride_cancelled') }) },
);
const step = fc.record({
  spec: commandSpec,
  /** Mostly the party the command is meant for, sometimes anyone at all. */
  actor: fc.oneof({ arbitrary: fc.constant('natural' as const), weight: 5 }, fc.constantFrom(driverUser, otherDriverUser, rider, admin, system)),
  advanceSeconds: fc.integer({ min: 0, max: 90 }),
});
type Step = typeof step extends fc.Arbitrary<infer T> ? T : never;

function toCommand({ spec, actor }: Step, nowMs: number): BidCommand {
  const natural = spec.type === 'PlaceBid' || spec.type === 'WithdrawBid' ? driverUser : system;
  const by: Actor = actor === 'natural' ? natural : actor;
  switch (spec.type) {
    case 'PlaceBid':
      return placeBid(
        {
          amountNgwee: spec.amountNgwee,
          expiresAt: new Date(nowMs + spec.expiresInSeconds * 1000).toISOString(),
          ride: { ...biddingRide, status: spec.rideStatus, pricingMethod: spec.bidding ? 'bidding' : 'fixed' },
          driver: { ...driver, verified: spec.verified, online: spec.online, busy: !spec.free },
        },
        by,
      );
    case 'MarkBidRejected':
      return { type: spec.type, actor: by, data: { bidId, reason: spec.reason } };
    default:
      return { type: spec.type, actor: by, data: { bidId } };
  }
}

const visible = (state: BidState) => JSON.parse(JSON.stringify({ value: state.value, context: state.context })) as unknown;
const reached = new Set<string>();

describe('bid lifecycle under random commands', () => {
  it('keeps its invariants', () => {
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 30, size: 'max' }), (steps) => {
        let state = bidDecider.initialState();
        let nowMs = start;
        const history: BidEvent[] = [];
        for (const current of steps) {
          nowMs += current.advanceSeconds * 1000;
          const before = visible(state);
          const settled = state.status === 'done';
          const wasLive = bidStatus(state) === 'placed';
          let events: BidEvent[];
          try {
            events = bidDecider.decide(toCommand(current, nowMs), state, fixedDeps({ now: new Date(nowMs) }));
          } catch (error) {
            expect(error, String(error)).toBeInstanceOf(DomainError);
            expect(visible(state), 'a refused command changes nothing').toEqual(before);
            continue;
          }
          expect(settled, `a settled bid accepted ${current.spec.type}`).toBe(false);
          for (const event of events) {
            expect(parseBidEvent(event)).toEqual(event);
            if (event.type === 'BidPlaced') expect(wasLive, 'a second live bid was placed').toBe(false);
            expect(state.can(event), `${event.type} must be one the machine takes`).toBe(true);
            state = bidDecider.evolve(state, event);
            history.push(event);
          }
          reached.add(bidStatus(state) ?? 'idle');
          if (state.context.round > 1) reached.add('re-bid');
        }
        const placements = history.filter((event) => event.type === 'BidPlaced');
        expect(new Set(placements.map((event) => `${event.data.rideId}/${event.data.driverId}`)).size).toBeLessThanOrEqual(1);
        const settlements = history.filter((event) => event.type === 'BidMarkedAccepted' || event.type === 'BidMarkedRejected');
        expect(settlements.length, 'a bid is settled at most once').toBeLessThanOrEqual(1);
        expect(visible(fold(bidDecider, history)), 'refolding gives the same snapshot').toEqual(visible(state));
      }),
      { numRuns: 300 },
    );
  });

  afterAll(() => {
    // The property means little unless the random walks actually reach every status. Over 100 seeds
    // the fewest runs reaching one were 14, for re-bid (at 200 runs, unbiased, 1 seed in 100 had none).
    for (const name of ['placed', 'withdrawn', 'expired', 'accepted', 'rejected', 're-bid']) {
      expect(reached, `no run reached ${name}`).toContain(name);
    }
  });
});
