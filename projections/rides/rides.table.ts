import type { ColumnType, Insertable, Selectable } from 'kysely';
import type { Stop } from '../../domain/ride/values.js';
import type { KeptRideState } from '../../domain/ride/snapshot.js';
import type { CityId } from '../../domain/catalogue/cities.js';
import type { PackageSize } from '../../domain/catalogue/vehicles.js';

export type { RideWireStatus } from '../../domain/ride/values.js';
import type { RideWireStatus } from '../../domain/ride/values.js';

type Json<T> = ColumnType<T, string, string>;

/**
 * One row per ride, as riders, drivers and admins read it. Served to drivers too, so it never
 * holds the PIN (that lives in rm_ride_pins, which no driver-facing query reads).
 */
export interface RideTable {
  ride_id: string;
  rider_id: string;
  driver_id: string | null;
  /** The driver's login (users table), for the ws fan-out and the rider's driver card. */
  driver_user_id: string | null;
  status: RideWireStatus;
  vehicle_type: string;
  pricing_method: 'fixed' | 'bidding';
  /** The rider's opening offer on a bidding ride; null on a fixed-price ride. */
  proposed_fare_ngwee: number | null;
  /** The rider's current offer (the opening one, or the latest counter-offer). */
  offered_fare_ngwee: number | null;
  agreed_fare_ngwee: number | null;
  final_fare_ngwee: number | null;
  quote_total_ngwee: number;
  quote_floor_ngwee: number;
  quote_ceiling_ngwee: number;
  fare_breakdown: Json<Record<string, unknown>>;
  accepted_bid_id: string | null;
  payment_method: string;
  passenger_count: number | null;
  package_size: PackageSize | null;
  notes: string | null;
  pickup_address: string;
  pickup_lat: number;
  pickup_lng: number;
  dropoff_address: string;
  dropoff_lat: number;
  dropoff_lng: number;
  stops: Json<Stop[]>;
  /** The nearest town we serve to the pickup (catalogue city id). */
  city: CityId;
  /** From the quote: the route's estimate when the ride was booked. */
  quoted_distance_km: number | null;
  quoted_duration_minutes: number | null;
  /** From the completed trip, when the driver's app reported them. */
  trip_distance_km: number | null;
  trip_duration_minutes: number | null;
  scheduled_for: Date | null;
  cancelled_by: 'rider' | 'driver' | 'admin' | 'system' | null;
  cancelled_by_user_id: string | null;
  cancel_reason: string | null;
  cancelled_stage: string | null;
  /** Stars the rider gave the driver, and the driver the rider; null until given. */
  rider_rating_given: number | null;
  rider_rating_comment: string | null;
  driver_rating_given: number | null;
  driver_rating_comment: string | null;
  emergency_raised: boolean;
  emergency_count: number;
  first_emergency_at: Date | null;
  /** When the rider booked. */
  created_at: Date;
  /** When the search for a driver began: at booking, or when a scheduled ride was dispatched. */
  search_started_at: Date | null;
  accepted_at: Date | null;
  arrived_at: Date | null;
  started_at: Date | null;
  completed_at: Date | null;
  cancelled_at: Date | null;
  expired_at: Date | null;
  /** When the last event was stored. */
  updated_at: Date;
  /**
   * The ride's state as the write side's machine folded it (value and context, without the PIN
   * and without the booking, which the columns above hold): the next events fold on from here
   * through the same `evolve`. Never sent to anyone.
   */
  ride_state: Json<KeptRideState>;
  /** The ride stream's revision this row has taken in (bigint, read back as a string). */
  last_revision: string;
}

export type RideRow = Selectable<RideTable>;
export type InsertableRideRow = Insertable<RideTable>;

export interface RidesTables {
  rm_rides: RideTable;
}
