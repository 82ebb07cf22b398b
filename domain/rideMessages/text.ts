import { z } from 'zod';

/** A chat line between two people on a ride ("I'm at the blue gate"), not a letter; about three SMS. */
export const MAX_RIDE_MESSAGE_LENGTH = 500;

/**
 * Seven digits is the shortest run that can reach someone in Zambia (a subscriber number without
 * its prefix); shorter runs are plates (BAF 4521), house numbers, amounts and the emergency
 * numbers 991 and 933, all fine to send.
 */
export const PHONE_LIKE_MIN_DIGITS = 7;

/** Digits, possibly split by spaces, dashes or brackets, possibly after a +: "097 123 4567", "+260-97-1234567", "(097)1234567". */
const digitRun = /\+?\(?\d[\d\s()-]*\d/g;

/**
 * Whether the text carries something that looks like a phone number. Messages exist so that the
 * rider and the driver never need each other's numbers (a driver keeping riders' numbers is
 * how harassment after a trip starts), so such a message is refused with a clear word rather
 * than masked: a silently altered message could mislead about an address or a meeting point.
 * Numbers spelt out in words get through; this stops the casual exchange, not a determined one.
 */
export function containsPhoneNumber(text: string): boolean {
  return [...text.matchAll(digitRun)].some(([run]) => run.replace(/\D/g, '').length >= PHONE_LIKE_MIN_DIGITS);
}

export const rideMessageTextSchema = z
  .string()
  .trim()
  .min(1, 'must not be blank')
  .max(MAX_RIDE_MESSAGE_LENGTH, `must be at most ${MAX_RIDE_MESSAGE_LENGTH} characters`)
  .refine((text) => !containsPhoneNumber(text), 'must not contain a phone number: Tiyende keeps the rider’s and the driver’s numbers private');
