import { HttpError } from '../api/http.js';

export type PinRefusal = { kind: 'incorrect'; attemptsLeft: number } | { kind: 'locked' } | null;

/** What a refused start says about the PIN: 409 pin_incorrect {attemptsLeft} or pin_locked. */
export function pinRefusal(error: unknown): PinRefusal {
  if (!(error instanceof HttpError) || error.status !== 409) return null;
  try {
    const body = JSON.parse(error.body) as { code?: string; attemptsLeft?: number };
    if (body.code === 'pin_locked') return { kind: 'locked' };
    if (body.code === 'pin_incorrect') return { kind: 'incorrect', attemptsLeft: body.attemptsLeft ?? 0 };
  } catch {
    return null;
  }
  return null;
}
