import { z } from 'zod';
import { NGWEE_PER_ZMW } from '../domain/fare/index.js';

/**
 * Money on the wire, for rides and bids.
 *
 * Every amount goes out twice: under the spec's name in ZMW (`proposedFare`, `agreedFare`,
 * `bidAmount`: a number with at most 2 decimals, exactly the ngwee ÷ 100, not rounded for
 * display) and as integer ngwee beside it (`proposedFareNgwee`), which is what the server
 * computes with. Screens show kwacha rounded up to 0.1 (domain/fare `formatZmw`), from the ngwee.
 *
 * Requests take ZMW under the spec's names, with at most 2 decimals; the server converts them to
 * ngwee exactly, so 45.5 is 4550 ngwee and never 4549.
 */
export const ZmwAmount = z
  .number({ error: 'must be an amount in ZMW' })
  .positive('must be more than 0')
  .max(1_000_000, 'must be at most 1000000')
  .refine((zmw) => Math.abs(zmw * NGWEE_PER_ZMW - Math.round(zmw * NGWEE_PER_ZMW)) < 1e-6, 'may have at most 2 decimals')
  .describe('ZMW, at most 2 decimals');

/** An amount the client typed in ZMW (validated by ZmwAmount), in ngwee. */
export const ngweeOf = (zmw: number): number => Math.round(zmw * NGWEE_PER_ZMW);

/** Ngwee as the ZMW figure beside it on the wire. */
export function zmwOf(ngwee: number): number;
export function zmwOf(ngwee: number | null): number | null;
export function zmwOf(ngwee: number | null): number | null {
  return ngwee === null ? null : ngwee / NGWEE_PER_ZMW;
}

export const ZmwOut = z.number().describe('ZMW: the ngwee ÷ 100 (2 decimals at most)');
export const NgweeOut = z.int().describe('Integer ngwee (100 ngwee = 1 ZMW)');
