/** The write side's safety tables (types only: commands/shared/database.ts names them all). */

/** Trips under way, by driver: where the trip watcher files the driver's positions, and which trips it watches (the safetyNet reactor's). */
export interface SafetyTripTable {
  ride_id: string;
  /** The driver's id, as their positions are reported under it. */
  driver_id: string;
  started_at: Date;
  /** Set when the ride ends (completed or cancelled): no more positions are filed, no more checks. */
  ended_at: Date | null;
}

export interface SafetyNetTables {
  reactor_safety_trips: SafetyTripTable;
}

/** The driver's positions during a trip (telemetry, never rebuilt from events): what ride checks are measured on. */
export interface TripPositionTable {
  ride_id: string;
  at: Date;
  lat: number;
  lng: number;
}

export interface TripTrailTables {
  trip_positions: TripPositionTable;
}
