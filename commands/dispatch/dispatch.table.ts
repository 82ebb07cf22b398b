/**
 * The latest position of each driver: telemetry, not events (a ping every few seconds would
 * drown the event store and nobody replays a driver's path to decide anything).
 */
export interface DriverLocationTable {
  driver_id: string;
  lat: number;
  lng: number;
  /** The H3 cell at DISPATCH_H3_RESOLUTION: dispatch finds drivers by cell, not by scanning. */
  h3_cell: string;
  /** Degrees clockwise from north, when the device reports it. */
  heading: number | null;
  updated_at: Date;
}

export interface DriverLocationTables {
  driver_locations: DriverLocationTable;
}

/**
 * Who could take a ride right now, as the dispatch reactor has read it from the driver and
 * verification streams, in the same transactions as its checkpoint: never ahead of, never behind
 * the ride requests it dispatches.
 */
export interface DriverAvailabilityTable {
  driver_id: string;
  user_id: string | null;
  /** The vehicle the driver went online with (before that, the one on the application). */
  vehicle_type: string | null;
  verified: boolean;
  online: boolean;
  engaged: boolean;
}

export interface DriverAvailabilityTables {
  dispatch_driver_availability: DriverAvailabilityTable;
}
