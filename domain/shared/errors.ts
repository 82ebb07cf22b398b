/**
 * Why a command was refused. The API maps each code to one HTTP status in a single error handler
 * (not_found → 404, forbidden → 403, invalid → 400, everything else → 409).
 */
export type DomainErrorCode =
  | 'invalid'
  | 'not_found'
  | 'forbidden'
  | 'not_allowed_in_state'
  | 'bid_expired'
  | 'bid_already_placed'
  | 'pin_incorrect'
  | 'pin_locked'
  | 'proposal_below_floor'
  | 'proposal_above_ceiling'
  | 'driver_not_verified'
  | 'driver_offline'
  | 'driver_busy'
  | 'vehicle_mismatch'
  | 'already_voted'
  | 'own_encoding'
  /** A driver taking (or bidding on) a ride they booked themselves (one account, two roles). */
  | 'own_ride'
  | 'contact_limit_reached'
  | 'duplicate_contact'
  | 'conflict';

export class DomainError extends Error {
  override name = 'DomainError';
  constructor(
    readonly code: DomainErrorCode,
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export const notAllowedInState = (command: string, state: string) =>
  new DomainError('not_allowed_in_state', `${command} is not allowed while the ${state}`, { command, state });
