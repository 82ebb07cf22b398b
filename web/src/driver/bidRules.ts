import type { PendingRide } from './driverApi.js';

/** A bid in ZMW is valid when it is a positive amount (to the ngwee) within the ride's bounds. */
export function bidProblem(amountText: string, ride: Pick<PendingRide, 'quote'>): 'required' | 'positive' | 'low' | 'high' | null {
  if (!amountText.trim()) return 'required';
  const ngwee = Math.round(Number(amountText) * 100);
  if (!Number.isFinite(ngwee) || ngwee <= 0) return 'positive';
  if (ngwee < ride.quote.floorNgwee) return 'low';
  if (ngwee > ride.quote.ceilingNgwee) return 'high';
  return null;
}
