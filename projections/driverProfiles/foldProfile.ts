import type { DriverDutyEvent } from '../../domain/driverDuty/events.js';
import { currentDocumentFiles } from '../../domain/driverVerification/documents.js';
import type { DriverVerificationEvent } from '../../domain/driverVerification/events.js';
import { assertNever } from '../../domain/shared/command.js';
import type { Stored } from '../shared/storedEvents.js';
import { isNewer } from '../shared/upsert.js';
import type { DriverProfileRow } from './driverProfiles.table.js';

/** A driver first heard of: nothing applied, off duty, unrated. */
export function unknownDriver(driverId: string, at: Date): DriverProfileRow {
  return {
    driver_id: driverId,
    user_id: null,
    verification_status: 'not_applied',
    licence_number: null,
    vehicle_make: null,
    vehicle_model: null,
    vehicle_year: null,
    vehicle_colour: null,
    plate_number: null,
    vehicle_type: null,
    documents: [],
    document_files: [],
    applications: 0,
    submitted_at: null,
    decided_at: null,
    decided_by: null,
    decision_reason: null,
    online: false,
    on_duty_vehicle_type: null,
    online_since: null,
    engaged_ride_id: null,
    rating: null,
    rating_count: 0,
    rating_total: 0,
    completed_rides: 0,
    created_at: at,
    updated_at: at,
    verification_revision: null,
    duty_revision: null,
  };
}

const touched = (row: DriverProfileRow, at: Date) => ({
  created_at: at < row.created_at ? at : row.created_at,
  updated_at: at > row.updated_at ? at : row.updated_at,
});

function decision(by: string, at: string, reason: string | null) {
  return { decided_by: by, decided_at: new Date(at), decision_reason: reason };
}

/** The admin's side of the row: application and decisions. Events already taken in are skipped. */
export function foldVerification(row: DriverProfileRow, { event, revision, created }: Stored<DriverVerificationEvent>): DriverProfileRow {
  if (!isNewer(revision, row.verification_revision)) return row;
  const next = { ...row, ...touched(row, created), verification_revision: revision.toString() };
  switch (event.type) {
    case 'DriverApplicationSubmitted': {
      const { userId, licenceNumber, vehicle, documents, submittedAt } = event.data;
      return {
        ...next,
        user_id: userId,
        verification_status: 'pending',
        licence_number: licenceNumber,
        vehicle_make: vehicle.make,
        vehicle_model: vehicle.model,
        vehicle_year: vehicle.year,
        vehicle_colour: vehicle.colour,
        plate_number: vehicle.plateNumber,
        vehicle_type: vehicle.type,
        documents,
        applications: row.applications + 1,
        submitted_at: new Date(submittedAt),
        // The application is the driver's start with us, even if duty or ride events came first.
        created_at: new Date(submittedAt) < next.created_at ? new Date(submittedAt) : next.created_at,
      };
    }
    case 'DriverApproved':
      return { ...next, verification_status: 'approved', ...decision(event.data.approvedBy, event.data.approvedAt, null) };
    case 'DriverRejected':
      return { ...next, verification_status: 'rejected', ...decision(event.data.rejectedBy, event.data.rejectedAt, event.data.reason) };
    case 'DriverSuspended':
      return { ...next, verification_status: 'suspended', ...decision(event.data.suspendedBy, event.data.suspendedAt, event.data.reason) };
    case 'DriverReinstated':
      return { ...next, verification_status: 'approved', ...decision(event.data.reinstatedBy, event.data.reinstatedAt, null) };
    case 'DriverDocumentFileAttached': {
      const { fileId, kind, storageKey, contentType, sizeBytes, sha256, attachedAt } = event.data;
      return { ...next, document_files: currentDocumentFiles([...row.document_files, { fileId, kind, storageKey, contentType, sizeBytes, sha256, attachedAt }]) };
    }
    default:
      return assertNever(event);
  }
}

/** The duty side: online, offline, engaged on a ride, released. */
export function foldDuty(row: DriverProfileRow, { event, revision, created }: Stored<DriverDutyEvent>): DriverProfileRow {
  if (!isNewer(revision, row.duty_revision)) return row;
  const next = { ...row, ...touched(row, created), duty_revision: revision.toString() };
  switch (event.type) {
    case 'DriverWentOnline':
      return {
        ...next,
        user_id: row.user_id ?? event.data.userId,
        online: true,
        on_duty_vehicle_type: event.data.vehicleType,
        online_since: new Date(event.data.wentOnlineAt),
      };
    case 'DriverWentOffline':
      return { ...next, online: false, online_since: null };
    case 'DriverReserved':
      return { ...next, engaged_ride_id: event.data.rideId };
    case 'DriverReleased':
      return { ...next, engaged_ride_id: row.engaged_ride_id === event.data.rideId ? null : row.engaged_ride_id };
    case 'DriverShiftCarriedForward':
      // The books of a long shift closed: the driver stays online, on the same vehicle, since the same time.
      return next;
    default:
      return assertNever(event);
  }
}

/** Average stars to one decimal, rounded half up, in integers: 13 stars over 3 rides → 4.3. */
export function averageRating(total: number, count: number): number | null {
  if (count === 0) return null;
  const tenths = Math.floor((20 * total + count) / (2 * count));
  return tenths / 10;
}
