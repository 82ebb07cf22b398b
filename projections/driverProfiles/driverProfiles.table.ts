import type { ColumnType, Insertable, Selectable } from 'kysely';
import type { DocumentFile, DriverDocument } from '../../domain/driverVerification/documents.js';

/** The verification statuses as the wire and the admin tabs name them. */
export type DriverVerificationStatus = 'not_applied' | 'pending' | 'approved' | 'rejected' | 'suspended';

/**
 * One row per driver: the application and the admin's decision (verification stream), whether
 * they are on duty and on which ride (duty stream), and how riders rate them (ride streams).
 * Name, email and phone live with the user accounts, which the API owns; join on `user_id`.
 */
export interface DriverProfileTable {
  driver_id: string;
  user_id: string | null;
  verification_status: DriverVerificationStatus;
  licence_number: string | null;
  vehicle_make: string | null;
  vehicle_model: string | null;
  vehicle_year: number | null;
  vehicle_colour: string | null;
  plate_number: string | null;
  /** The catalogue service the application is for. */
  vehicle_type: string | null;
  /** The six documents of the latest application: kind, reference number, expiry day. */
  documents: ColumnType<DriverDocument[], string, string>;
  /** The files that count now (domain currentDocumentFiles), each with when it was attached. */
  document_files: ColumnType<DriverDocumentFileEntry[], string, string>;
  applications: number;
  submitted_at: Date | null;
  /** The latest admin decision (approval, rejection, suspension, reinstatement). */
  decided_at: Date | null;
  decided_by: string | null;
  decision_reason: string | null;
  online: boolean;
  /** The vehicle type the driver went online with; what dispatch matches rides against. */
  on_duty_vehicle_type: string | null;
  online_since: Date | null;
  engaged_ride_id: string | null;
  /** Riders' stars on this driver's rides: average to one decimal (null before the first), count and sum. */
  rating: number | null;
  rating_count: number;
  rating_total: number;
  completed_rides: number;
  created_at: Date;
  updated_at: Date;
  /** The revisions of the verification and duty streams this row has taken in (bigint, as strings). */
  verification_revision: string | null;
  duty_revision: string | null;
}

export type DriverDocumentFileEntry = DocumentFile & { attachedAt: string };

/** Which driver drove which ride, and what the projection has counted of it (the ratings need it). */
export interface DriverRideTable {
  ride_id: string;
  driver_id: string;
  completed: boolean;
  rider_stars: number | null;
}

export type DriverProfileRow = Selectable<DriverProfileTable>;
export type InsertableDriverProfileRow = Insertable<DriverProfileTable>;
export type DriverRideRow = Selectable<DriverRideTable>;

export interface DriverProfilesTables {
  rm_driver_profiles: DriverProfileTable;
  rm_driver_profile_rides: DriverRideTable;
}
