/** Spec 001 §9: the platform keeps 12 % of each fare; the driver is paid the other 88 %. */
export const COMMISSION_PERCENT = 12;

/** A ride's split in integer ngwee: commission rounded half up, the driver's net is what remains. */
export function splitFare(grossNgwee: number): { commissionNgwee: number; netNgwee: number } {
  if (!Number.isSafeInteger(grossNgwee) || grossNgwee < 0) {
    throw new RangeError(`grossNgwee: must be a whole, non-negative number of ngwee, got ${grossNgwee}`);
  }
  const tenfold = grossNgwee * COMMISSION_PERCENT; // commission × 100
  const commissionNgwee = Math.floor((2 * tenfold + 100) / 200);
  return { commissionNgwee, netNgwee: grossNgwee - commissionNgwee };
}
