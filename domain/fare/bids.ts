import { DomainError } from '../shared/errors.js';
import { ceilToDisplayStep, floorToDisplayStep, formatZmw, requireNgwee, type Ngwee } from './money.js';
import { MINIMUM_FARE } from './rates.js';

/** A proposal or bid may go down to 60 % of the quote (never under the minimum fare)… */
export const BID_FLOOR_PERCENT = 60;
/** …and up to three times it. */
export const BID_CEILING_FACTOR = 3;

export interface BidBounds {
  floor: Ngwee;
  ceiling: Ngwee;
}

/**
 * Where a rider's proposal and a driver's bid must lie for a quote (ARCHITECTURE "Fares"):
 * [max(12 ZMW, 0.6 × quote), 3 × quote]. The floor is rounded up and the ceiling down to
 * 0.1 ZMW, so the bounds the rider sees are the bounds enforced.
 */
export function bidBounds(quoteTotal: Ngwee): BidBounds {
  requireNgwee(quoteTotal, 'quoteTotal');
  if (quoteTotal < MINIMUM_FARE) {
    throw new DomainError('invalid', `quoteTotal: must be at least the minimum fare, ${formatZmw(MINIMUM_FARE)}`, { quoteTotal });
  }
  return {
    floor: Math.max(MINIMUM_FARE, ceilToDisplayStep(quoteTotal * BID_FLOOR_PERCENT, 100)),
    ceiling: floorToDisplayStep(quoteTotal * BID_CEILING_FACTOR),
  };
}

/** Refuses an amount outside the bounds, naming the field and the bound it broke. */
export function requireWithinBidBounds(amount: Ngwee, quoteTotal: Ngwee, field: string): void {
  requireNgwee(amount, field);
  const { floor, ceiling } = bidBounds(quoteTotal);
  if (amount < floor) {
    throw new DomainError('proposal_below_floor', `${field}: must be at least ${formatZmw(floor)}`, { field, amount, floor });
  }
  if (amount > ceiling) {
    throw new DomainError('proposal_above_ceiling', `${field}: must be at most ${formatZmw(ceiling)}`, { field, amount, ceiling });
  }
}
