import type { FareQuote } from './bookingApi.js';

/** Timers of the live fare card (spec 000 §4.3, §9). */
export const FARE_DEBOUNCE_MS = 800;
export const FIRST_REFRESH_MS = 8_000;
export const REFRESH_EVERY_MS = 3 * 60_000;
/** A refreshed fare replaces the one shown only if it moved by more than ZMW 0.5 … */
export const FARE_CHANGE_THRESHOLD_NGWEE = 50;

/** … or if the traffic level changed; otherwise the rider keeps seeing the same figure. */
export function isNoticeableChange(shown: FareQuote, next: FareQuote): boolean {
  return Math.abs(next.totalNgwee - shown.totalNgwee) > FARE_CHANGE_THRESHOLD_NGWEE || next.conditions.traffic !== shown.conditions.traffic;
}

export interface ShownFare {
  /** The trip the quote is for (the request as JSON). */
  trip: string;
  quote: FareQuote;
}

/**
 * What the card shows after an answer: a new trip's first quote always; a refresh of the same
 * trip only when the change is noticeable (then the receipt and bounds move with it).
 */
export function nextShownFare(shown: ShownFare | null, trip: string, answer: FareQuote): ShownFare {
  if (!shown || shown.trip !== trip || isNoticeableChange(shown.quote, answer)) return { trip, quote: answer };
  return shown;
}

/** The receipt adds up to the total (the server makes it so); a gap would mean a line is missing. */
export const receiptTotal = (quote: FareQuote): number => quote.receipt.reduce((sum, line) => sum + line.amountNgwee, 0);
