import { DomainError, type DecideDeps } from '../shared/index.js';
import type { RideEvent, RideEventOf } from './events.js';

/** A 4-digit PIN, 1000–9999 (spec §9), drawn from the injected randomness. */
export function pinIssued(
  rideId: string,
  reason: RideEventOf<'PinIssued'>['data']['reason'],
  deps: DecideDeps,
): RideEventOf<'PinIssued'> {
  const pin = String(1000 + Math.floor(deps.random() * 9000));
  return { type: 'PinIssued', data: { rideId, pin, reason, issuedAt: deps.now.toISOString() } };
}

/**
 * A wrong PIN is a refusal that must still be recorded (it counts towards the lock), so `decide`
 * returns PinAttemptFailed instead of throwing. The command handler appends the events, then
 * throws the refusal this answers, so the driver hears 'pin_incorrect' (or 'pin_locked' on the
 * last try). If a handler forgot this step the attempt would still count: it fails safe.
 */
export function refusalRecordedIn(events: readonly RideEvent[]): DomainError | null {
  const failure = events.find((event): event is RideEventOf<'PinAttemptFailed'> => event.type === 'PinAttemptFailed');
  if (!failure) return null;
  const { attemptsLeft } = failure.data;
  return attemptsLeft === 0
    ? new DomainError('pin_locked', 'the PIN is incorrect; starting is locked until the rider reissues the PIN', { attemptsLeft })
    : new DomainError('pin_incorrect', `the PIN is incorrect; ${attemptsLeft} attempts left`, { attemptsLeft });
}
