import type { z } from 'zod';
import type { VehicleId } from '../../../domain/catalogue/index.js';
import type { UserRow } from '../../../accounts/index.js';
import type { DriverProfileRow } from '../../../projections/driverProfiles/index.js';
import { iso, isoOrNull } from '../../support/http.js';
import type { DriverCard, DriverProfile, DriverVehicle } from '../../../contract/drivers.js';

/** Read-model rows as the wire shows them (contract/drivers.ts). */

export function vehicleOf(row: DriverProfileRow): z.infer<typeof DriverVehicle> | null {
  if (!row.vehicle_type || !row.vehicle_make || !row.vehicle_model || !row.plate_number) return null;
  return {
    make: row.vehicle_make,
    model: row.vehicle_model,
    year: row.vehicle_year,
    colour: row.vehicle_colour ?? '',
    plateNumber: row.plate_number,
    type: row.vehicle_type as VehicleId,
  };
}

export function toDriverProfile(row: DriverProfileRow): z.infer<typeof DriverProfile> {
  return {
    driverId: row.driver_id,
    userId: row.user_id,
    verificationStatus: row.verification_status,
    licenceNumber: row.licence_number,
    vehicle: vehicleOf(row),
    documents: row.documents,
    applications: row.applications,
    submittedAt: isoOrNull(row.submitted_at),
    decidedAt: isoOrNull(row.decided_at),
    decisionReason: row.decision_reason,
    isOnline: row.online,
    onDutyVehicleType: row.on_duty_vehicle_type,
    engagedRideId: row.engaged_ride_id,
    rating: row.rating,
    ratingCount: row.rating_count,
    completedRides: row.completed_rides,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

export function toDriverCard(row: DriverProfileRow, user: UserRow | undefined): z.infer<typeof DriverCard> {
  return {
    driverId: row.driver_id,
    fullName: user?.full_name ?? null,
    phoneNumber: user?.phone_number ?? null,
    vehicle: vehicleOf(row),
    rating: row.rating,
    ratingCount: row.rating_count,
    completedRides: row.completed_rides,
  };
}

/** The first word of a full name: all a rider browsing for drivers learns of one. */
export const firstNameOf = (fullName: string | undefined): string | null => fullName?.trim().split(/\s+/)[0] ?? null;
