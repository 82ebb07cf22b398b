/**
 * Directions along a route: which way a segment heads, and what a driver does where the heading
 * changes — the words of turn-by-turn steps.
 */
import type { LatLng } from '../catalogue/geography.js';
import { degrees, radians } from './distance.js';

/** Initial great-circle bearing from one point to another: degrees clockwise from north, 0 ≤ b < 360. */
export function bearingDegrees(from: LatLng, to: LatLng): number {
  const lat1 = radians(from.lat);
  const lat2 = radians(to.lat);
  const dLng = radians(to.lng - from.lng);
  const y = Math.sin(dLng) * Math.cos(lat2);
  const x = Math.cos(lat1) * Math.sin(lat2) - Math.sin(lat1) * Math.cos(lat2) * Math.cos(dLng);
  return (degrees(Math.atan2(y, x)) + 360) % 360;
}

/** The change of heading from one bearing to the next: −180 < angle ≤ 180, positive to the right. */
export function turnAngleDegrees(bearingBefore: number, bearingAfter: number): number {
  const angle = (((bearingAfter - bearingBefore) % 360) + 360) % 360;
  return angle > 180 ? angle - 360 : angle;
}

export const turnModifiers = ['straight', 'slight_right', 'right', 'sharp_right', 'uturn', 'sharp_left', 'left', 'slight_left'] as const;
export type TurnModifier = (typeof turnModifiers)[number];

/**
 * Up to this many degrees either way a change of heading reads as going straight on, a slight
 * turn, a turn, a sharp turn; beyond the last, a U-turn. The bands follow how OSRM words its
 * modifiers (straight ≈ no relevant change, slight, normal, sharp, U-turn), so steps read alike
 * whichever router made them.
 */
export const TURN_BANDS_DEGREES = { straight: 25, slight: 60, turn: 135, sharp: 165 } as const;

/** What a driver does where the heading changes from `bearingBefore` to `bearingAfter`. */
export function turnModifier(bearingBefore: number, bearingAfter: number): TurnModifier {
  const angle = turnAngleDegrees(bearingBefore, bearingAfter);
  const size = Math.abs(angle);
  if (size <= TURN_BANDS_DEGREES.straight) return 'straight';
  if (size > TURN_BANDS_DEGREES.sharp) return 'uturn';
  const side = angle > 0 ? 'right' : 'left';
  if (size <= TURN_BANDS_DEGREES.slight) return `slight_${side}`;
  if (size <= TURN_BANDS_DEGREES.turn) return side;
  return `sharp_${side}`;
}
