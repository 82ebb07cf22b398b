import type { Kysely } from 'kysely';
import type { PinStatus, RidePinsTables } from './ridePins.table.js';

export interface RiderPin {
  rideId: string;
  status: PinStatus;
  /** Null until a driver is assigned, and again once the trip has started or the ride ended. */
  pin: string | null;
  failedAttempts: number;
  attemptsLeft: number;
  issuedAt: Date | null;
}

/**
 * The PIN of a ride, for its rider only: asked for by anyone else (a driver, another passenger)
 * it answers nothing, exactly as for a ride that does not exist.
 */
export async function pinForRider(db: Kysely<RidePinsTables>, rideId: string, riderId: string): Promise<RiderPin | undefined> {
  const row = await db
    .selectFrom('rm_ride_pins')
    .select(['ride_id', 'status', 'pin', 'failed_attempts', 'attempts_left', 'issued_at'])
    .where('ride_id', '=', rideId)
    .where('rider_id', '=', riderId)
    .executeTakeFirst();
  return (
    row && {
      rideId: row.ride_id,
      status: row.status,
      pin: row.pin,
      failedAttempts: row.failed_attempts,
      attemptsLeft: row.attempts_left,
      issuedAt: row.issued_at,
    }
  );
}

/** Whether the start is locked and how many tries are left, for anyone on the ride: never selects the PIN column. */
export async function pinLockState(
  db: Kysely<RidePinsTables>,
  rideId: string,
): Promise<{ status: PinStatus; attemptsLeft: number } | undefined> {
  const row = await db.selectFrom('rm_ride_pins').select(['status', 'attempts_left']).where('ride_id', '=', rideId).executeTakeFirst();
  return row && { status: row.status, attemptsLeft: row.attempts_left };
}
