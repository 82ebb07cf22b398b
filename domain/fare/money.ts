import { DomainError } from '../shared/errors.js';

/**
 * Money is an integer number of ngwee (1 ZMW = 100 ngwee). Riders see kwacha to one decimal,
 * so 10 ngwee (0.1 ZMW) is the smallest step a receipt shows.
 */
export type Ngwee = number;

export const NGWEE_PER_ZMW = 100;
export const DISPLAY_STEP_NGWEE = 10;

export function requireNgwee(amount: number, field: string): void {
  if (!Number.isSafeInteger(amount) || amount < 0) {
    throw new DomainError('invalid', `${field}: must be a whole, non-negative number of ngwee`, { field, amount });
  }
}

/** ⌊n / d⌋ for non-negative integers, exactly (no floating-point division). */
const floorDiv = (n: number, d: number): number => (n - (n % d)) / d;

/** n / d rounded half up, for non-negative integers. */
const roundHalfUpDiv = (n: number, d: number): number => floorDiv(2 * n + d, 2 * d);

const ceilDiv = (n: number, d: number): number => floorDiv(n + d - 1, d);

/** n / d ngwee rounded half up to the nearest 10 ngwee: how every fare line is rounded. */
export const roundToDisplayStep = (n: number, d = 1): Ngwee =>
  roundHalfUpDiv(n, d * DISPLAY_STEP_NGWEE) * DISPLAY_STEP_NGWEE;

/** n / d ngwee rounded up to the next 10 ngwee: how totals the rider pays are rounded. */
export const ceilToDisplayStep = (n: number, d = 1): Ngwee => ceilDiv(n, d * DISPLAY_STEP_NGWEE) * DISPLAY_STEP_NGWEE;

/** n / d ngwee rounded down to 10 ngwee: how upper limits are rounded, so they never grow. */
export const floorToDisplayStep = (n: number, d = 1): Ngwee => floorDiv(n, d * DISPLAY_STEP_NGWEE) * DISPLAY_STEP_NGWEE;

/** Kwacha for display, rounded up to the next 0.1 ZMW (spec 000 §9): 1234 ngwee → 12.4. */
export function roundUpToTenth(amount: Ngwee): number {
  requireNgwee(amount, 'amount');
  return ceilDiv(amount, DISPLAY_STEP_NGWEE) / 10;
}

/** "ZMW 12.4" — kwacha to one decimal, rounded up. */
export const formatZmw = (amount: Ngwee): string => `ZMW ${roundUpToTenth(amount).toFixed(1)}`;

/** A kwacha amount typed by a person (a bid, a proposal) in ngwee, to the nearest ngwee. */
export function ngweeFromZmw(zmw: number, field = 'amount'): Ngwee {
  if (!Number.isFinite(zmw) || zmw < 0) {
    throw new DomainError('invalid', `${field}: must be a non-negative amount of kwacha`, { field, zmw });
  }
  const amount = Math.round(zmw * NGWEE_PER_ZMW);
  requireNgwee(amount, field);
  return amount;
}
