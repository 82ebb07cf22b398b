import { describe, expect, it } from 'vitest';
import { fold } from '../shared/decider.js';
import { DeciderSpecification, fixedDeps } from '../shared/spec.js';
import { driverVerificationDecider, driverVerificationStatus } from './decider.js';
import type { DriverVerificationEvent } from './events.js';
import { currentDocumentFiles, MAX_DOCUMENT_FILES, type DocumentFileKind } from './documents.js';
import { admin, applicant, application, applicationSubmitted, submitApplication, validDocuments } from '../../tests/support/fixtures/driverVerification.js';

const spec = DeciderSpecification.for(driverVerificationDecider);
const now = '2025-01-15T08:00:00.000Z';
const later = '2025-01-15T09:30:00.000Z';
const deps = fixedDeps({ now });
const staff = { userId: 'staff-bwalya', role: 'staff' } as const;

const approved: DriverVerificationEvent = { type: 'DriverApproved', data: { driverId: 'driver-1', approvedBy: admin.userId, approvedAt: later } };
const rejected: DriverVerificationEvent = {
  type: 'DriverRejected',
  data: { driverId: 'driver-1', rejectedBy: admin.userId, reason: 'Police clearance unreadable', rejectedAt: later },
};
const suspended: DriverVerificationEvent = {
  type: 'DriverSuspended',
  data: { driverId: 'driver-1', suspendedBy: admin.userId, reason: 'Safety complaint under review', suspendedAt: later },
};

describe('SubmitDriverApplication', () => {
  it('opens a pending application for the driver who submits it', () =>
    spec([]).when(submitApplication(), deps).then([applicationSubmitted(now)]));

  it('normalises the plate number', () =>
    spec([])
      .when(submitApplication({ vehicle: { ...application.vehicle, plateNumber: '  baf   4521 ' } }), deps)
      .then([applicationSubmitted(now)]));

  it('lets a rejected driver apply again, which returns the application to pending', () => {
    spec([applicationSubmitted(), rejected]).when(submitApplication(), fixedDeps({ now: later })).then([applicationSubmitted(later)]);
    const state = fold(driverVerificationDecider, [applicationSubmitted(), rejected, applicationSubmitted(later)]);
    expect(driverVerificationStatus(state)).toBe('pending');
    expect(state.context.submissions).toBe(2);
  });

  it('refuses a second application while one is pending', () =>
    spec([applicationSubmitted()]).when(submitApplication(), deps).thenThrows('not_allowed_in_state', "driver's verification is pending"));

  it('refuses a new application from an approved driver', () =>
    spec([applicationSubmitted(), approved]).when(submitApplication(), deps).thenThrows('not_allowed_in_state'));

  it.each(['passenger', 'admin', 'staff', 'system'] as const)('refuses an application made by a %s', (role) =>
    spec([]).when(submitApplication({}, { userId: 'someone', role }), deps).thenThrows('forbidden'));

  it('refuses a resubmission by another user on the same driver stream', () =>
    spec([applicationSubmitted(), rejected])
      .when(submitApplication({}, { userId: 'user-other', role: 'driver' }), deps)
      .thenThrows('forbidden', 'belongs to another user'));

  it.each([
    ['driving_licence', 'driving licence'],
    ['psv_road_service_licence', 'PSV road service licence'],
    ['police_clearance', 'police clearance'],
    ['nrc', 'NRC'],
    ['vehicle_registration', 'vehicle registration'],
    ['insurance', 'insurance'],
  ] as const)('refuses an application without the %s, naming it', (kind, label) =>
    spec([])
      .when(submitApplication({ documents: validDocuments.filter((document) => document.kind !== kind) }), deps)
      .thenThrows('invalid', `the ${label} is missing`));

  it('refuses an application with an expired document, naming it and its expiry', () =>
    spec([])
      .when(
        submitApplication({
          documents: validDocuments.map((document) =>
            document.kind === 'police_clearance' ? { ...document, expiresOn: '2025-01-14' } : document,
          ),
        }),
        deps,
      )
      .thenThrows('invalid', 'the police clearance expired on 2025-01-14'));

  it('counts expiry by the date in Lusaka: a document expiring today is refused once it is past midnight there', () => {
    spec([]).when(submitApplication(), fixedDeps({ now: '2025-01-15T21:59:59.000Z' })).then([applicationSubmitted('2025-01-15T21:59:59.000Z')]);
    spec([]).when(submitApplication(), fixedDeps({ now: '2025-01-15T22:00:00.000Z' })).thenThrows('invalid', 'the insurance expired on 2025-01-15');
  });

  it('refuses the same document given twice', () =>
    spec([]).when(submitApplication({ documents: [...validDocuments, validDocuments[0]!] }), deps).thenThrows('invalid', 'given more than once'));

  it('refuses a blank licence number, naming the field', () =>
    spec([]).when(submitApplication({ licenceNumber: '   ' }), deps).thenThrows('invalid', 'data.licenceNumber'));

  it('refuses a model year after next year', () =>
    spec([]).when(submitApplication({ vehicle: { ...application.vehicle, year: 2027 } }), deps).thenThrows('invalid', 'vehicle.year'));
});

describe('ApproveDriver', () => {
  const approve = (actor = admin) => ({ type: 'ApproveDriver', data: { driverId: 'driver-1' }, actor }) as const;

  it('approves a pending driver', () =>
    spec([applicationSubmitted()]).when(approve(), fixedDeps({ now: later })).then([approved]));

  it.each([staff, applicant, { userId: 'dispatch', role: 'system' as const }])('refuses an approval by a $role', (actor) =>
    spec([applicationSubmitted()]).when(approve(actor), deps).thenThrows('forbidden'));

  it('refuses to approve a driver who has not applied', () =>
    spec([]).when(approve(), deps).thenThrows('not_allowed_in_state', 'driver has not applied'));

  it('refuses to approve a rejected driver before they apply again', () =>
    spec([applicationSubmitted(), rejected]).when(approve(), deps).thenThrows('not_allowed_in_state'));
});

describe('RejectDriver', () => {
  const reject = (reason: string, actor = admin) => ({ type: 'RejectDriver', data: { driverId: 'driver-1', reason }, actor }) as const;

  it('rejects a pending driver with a reason', () =>
    spec([applicationSubmitted()]).when(reject('Police clearance unreadable'), fixedDeps({ now: later })).then([rejected]));

  it('refuses a rejection without a reason', () =>
    spec([applicationSubmitted()]).when(reject('  '), deps).thenThrows('invalid', 'data.reason'));

  it('refuses a rejection by staff', () =>
    spec([applicationSubmitted()]).when(reject('No', staff), deps).thenThrows('forbidden'));

  it('refuses to reject an approved driver (suspend instead)', () =>
    spec([applicationSubmitted(), approved]).when(reject('Late'), deps).thenThrows('not_allowed_in_state'));
});

describe('SuspendDriver and ReinstateDriver', () => {
  const suspend = (reason: string, actor = admin) => ({ type: 'SuspendDriver', data: { driverId: 'driver-1', reason }, actor }) as const;
  const reinstate = (actor = admin) => ({ type: 'ReinstateDriver', data: { driverId: 'driver-1' }, actor }) as const;

  it('suspends an approved driver with a reason', () =>
    spec([applicationSubmitted(), approved]).when(suspend('Safety complaint under review'), fixedDeps({ now: later })).then([suspended]));

  it('refuses a suspension without a reason', () =>
    spec([applicationSubmitted(), approved]).when(suspend(''), deps).thenThrows('invalid', 'data.reason'));

  it('refuses a suspension by staff', () =>
    spec([applicationSubmitted(), approved]).when(suspend('x', staff), deps).thenThrows('forbidden'));

  it('refuses to suspend a pending driver', () =>
    spec([applicationSubmitted()]).when(suspend('x'), deps).thenThrows('not_allowed_in_state'));

  it('reinstates a suspended driver, who is approved again', () => {
    const reinstated: DriverVerificationEvent = {
      type: 'DriverReinstated',
      data: { driverId: 'driver-1', reinstatedBy: admin.userId, reinstatedAt: now },
    };
    spec([applicationSubmitted(), approved, suspended]).when(reinstate(), deps).then([reinstated]);
    expect(driverVerificationStatus(fold(driverVerificationDecider, [applicationSubmitted(), approved, suspended, reinstated]))).toBe('approved');
  });

  it('refuses a reinstatement by a driver', () =>
    spec([applicationSubmitted(), approved, suspended]).when(reinstate(applicant), deps).thenThrows('forbidden'));

  it('refuses to reinstate a driver who is not suspended', () =>
    spec([applicationSubmitted(), approved]).when(reinstate(), deps).thenThrows('not_allowed_in_state', 'approved'));
});

describe('AttachDriverDocumentFile', () => {
  const file = (kind: DocumentFileKind, n: number) => ({
    fileId: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    kind,
    storageKey: `documents/00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    contentType: 'image/jpeg' as const,
    sizeBytes: 1234,
    sha256: 'a'.repeat(64),
  });
  const attach = (kind: DocumentFileKind, n: number, actor = applicant) =>
    ({ type: 'AttachDriverDocumentFile', data: { driverId: 'driver-1', ...file(kind, n) }, actor }) as const;
  const attached = (kind: DocumentFileKind, n: number): DriverVerificationEvent => ({
    type: 'DriverDocumentFileAttached',
    data: { driverId: 'driver-1', userId: applicant.userId, ...file(kind, n), attachedAt: now },
  });

  it('records a file against the application, whatever the decision since', () => {
    spec([applicationSubmitted()]).when(attach('nrc', 1), deps).then([attached('nrc', 1)]);
    spec([applicationSubmitted(), approved]).when(attach('vehicle_photo', 2), deps).then([attached('vehicle_photo', 2)]);
    spec([applicationSubmitted(), rejected]).when(attach('police_clearance', 3), deps).then([attached('police_clearance', 3)]);
  });

  it('refuses a file before the driver has applied, from another user, and from an admin', () => {
    spec([]).when(attach('nrc', 1), deps).thenThrows('not_allowed_in_state', 'has not applied');
    spec([applicationSubmitted()]).when(attach('nrc', 1, { userId: 'user-other', role: 'driver' }), deps).thenThrows('forbidden', 'belongs to another user');
    spec([applicationSubmitted()]).when(attach('nrc', 1, admin), deps).thenThrows('forbidden');
  });

  it('refuses a storage key the server did not make', () =>
    spec([applicationSubmitted()])
      .when({ ...attach('nrc', 1), data: { ...attach('nrc', 1).data, storageKey: '../../etc/passwd' } }, deps)
      .thenThrows('invalid', 'storageKey'));

  it('keeps the stream bounded: no more files past the limit', () => {
    const many = Array.from({ length: MAX_DOCUMENT_FILES }, (_, n) => attached('vehicle_photo', n + 1));
    spec([applicationSubmitted(), ...many]).when(attach('nrc', 999), deps).thenThrows('invalid', 'at most');
  });

  it('counts the latest file of each document and the latest four vehicle photos', () => {
    const events = [applicationSubmitted(), attached('nrc', 1), attached('nrc', 2), ...[3, 4, 5, 6, 7].map((n) => attached('vehicle_photo', n))];
    const files = currentDocumentFiles(fold(driverVerificationDecider, events).context.files);
    expect(files.map((current) => [current.kind, current.fileId.slice(-1)])).toEqual([
      ['nrc', '2'],
      ['vehicle_photo', '4'],
      ['vehicle_photo', '5'],
      ['vehicle_photo', '6'],
      ['vehicle_photo', '7'],
    ]);
  });
});
