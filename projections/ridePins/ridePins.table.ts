import type { Insertable, Selectable } from 'kysely';

/**
 * awaiting_driver: no PIN yet · issued: the rider shows it to the driver · locked: too many wrong
 * tries, the rider must reissue · used: the trip started · void: the ride ended without a trip.
 */
export type PinStatus = 'awaiting_driver' | 'issued' | 'locked' | 'used' | 'void';

/**
 * The rider's trip-start PIN, one row per ride. Kept apart from rm_rides (which drivers read) so
 * that no driver-facing query can reach it by a careless join or `selectAll()`.
 */
export interface RidePinTable {
  ride_id: string;
  /** Only this rider is ever shown the PIN. */
  rider_id: string;
  status: PinStatus;
  /** Null unless issued or locked: once the trip starts or the ride ends, the PIN is forgotten. */
  pin: string | null;
  failed_attempts: number;
  attempts_left: number;
  issued_at: Date | null;
  updated_at: Date;
  /** bigint, read back as a string. */
  last_revision: string;
}

export type RidePinRow = Selectable<RidePinTable>;
export type InsertableRidePinRow = Insertable<RidePinTable>;

export interface RidePinsTables {
  rm_ride_pins: RidePinTable;
}
