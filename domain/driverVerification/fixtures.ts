import type { Actor } from '../shared/command.js';
import type { DriverDocument } from './documents.js';
import type { DriverVerificationCommand } from './commands.js';
import type { DriverVerificationEvent } from './events.js';

/** Shared by the specs: a complete, valid application as of mid-January 2025. */
export const applicant: Actor = { userId: 'user-mwila', role: 'driver' };
export const admin: Actor = { userId: 'admin-chanda', role: 'admin' };

export const validDocuments: DriverDocument[] = [
  { kind: 'driving_licence', reference: 'DL-123456', expiresOn: '2027-03-01' },
  { kind: 'psv_road_service_licence', reference: 'RSL-2024-0042', expiresOn: '2025-12-31' },
  { kind: 'police_clearance', reference: 'ZP-CLR-8871', expiresOn: '2025-06-30' },
  { kind: 'nrc', reference: '123456/10/1', expiresOn: '2030-01-01' },
  { kind: 'vehicle_registration', reference: 'VR-77821', expiresOn: '2026-02-28' },
  { kind: 'insurance', reference: 'ZSIC-55-0192', expiresOn: '2025-01-15' },
];

export const application = {
  driverId: 'driver-1',
  licenceNumber: 'ZL-998877',
  vehicle: { make: 'Toyota', model: 'Corolla', year: 2016, colour: 'Silver', plateNumber: 'BAF 4521', type: 'car' as const },
  documents: validDocuments,
};

export const submitApplication = (
  overrides: Partial<typeof application> = {},
  actor: Actor = applicant,
): DriverVerificationCommand => ({ type: 'SubmitDriverApplication', data: { ...application, ...overrides }, actor });

export const applicationSubmitted = (submittedAt = '2025-01-15T08:00:00.000Z', userId = applicant.userId): DriverVerificationEvent => ({
  type: 'DriverApplicationSubmitted',
  data: { ...application, userId, submittedAt },
});
