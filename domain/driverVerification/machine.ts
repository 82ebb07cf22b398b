import { assertEvent, assign, setup } from 'xstate';
import type { DocumentFile, DriverDocument } from './documents.js';
import type { DriverVerificationEvent, Vehicle } from './events.js';

export interface DriverApplication {
  licenceNumber: string;
  vehicle: Vehicle;
  documents: DriverDocument[];
  submittedAt: string;
}

export interface DriverVerificationContext {
  driverId: string | null;
  /** The user who applied; the stream belongs to them alone. */
  userId: string | null;
  application: DriverApplication | null;
  /** How many times the driver has applied (1 for the first application). */
  submissions: number;
  /** The latest admin decision on this driver, whatever it was. */
  lastDecision: { by: string; at: string; reason: string | null } | null;
  /** Every file the driver attached, oldest first (currentDocumentFiles says which count). */
  files: DocumentFile[];
}

/**
 * notApplied → pending → approved | rejected; rejected → pending on resubmission;
 * approved ⇄ suspended. In any state after applying, the driver may attach document files.
 * The machine moves on the stored events.
 */
export const driverVerificationMachine = setup({
  types: {
    context: {} as DriverVerificationContext,
    events: {} as DriverVerificationEvent,
  },
  guards: {
    hasApplied: ({ context }) => context.userId !== null,
    isTheSameApplicant: ({ context, event }) => {
      assertEvent(event, 'DriverApplicationSubmitted');
      return event.data.userId === context.userId && event.data.driverId === context.driverId;
    },
  },
  actions: {
    recordApplication: assign(({ context, event }) => {
      assertEvent(event, 'DriverApplicationSubmitted');
      const { driverId, userId, licenceNumber, vehicle, documents, submittedAt } = event.data;
      return {
        driverId,
        userId,
        application: { licenceNumber, vehicle, documents, submittedAt },
        submissions: context.submissions + 1,
      };
    }),
    recordFile: assign(({ context, event }) => {
      assertEvent(event, 'DriverDocumentFileAttached');
      const { fileId, kind, storageKey, contentType, sizeBytes, sha256 } = event.data;
      return { files: [...context.files, { fileId, kind, storageKey, contentType, sizeBytes, sha256 }] };
    }),
    recordApproval: assign(({ event }) => {
      assertEvent(event, 'DriverApproved');
      return { lastDecision: { by: event.data.approvedBy, at: event.data.approvedAt, reason: null } };
    }),
    recordRejection: assign(({ event }) => {
      assertEvent(event, 'DriverRejected');
      return { lastDecision: { by: event.data.rejectedBy, at: event.data.rejectedAt, reason: event.data.reason } };
    }),
    recordSuspension: assign(({ event }) => {
      assertEvent(event, 'DriverSuspended');
      return { lastDecision: { by: event.data.suspendedBy, at: event.data.suspendedAt, reason: event.data.reason } };
    }),
    recordReinstatement: assign(({ event }) => {
      assertEvent(event, 'DriverReinstated');
      return { lastDecision: { by: event.data.reinstatedBy, at: event.data.reinstatedAt, reason: null } };
    }),
  },
}).createMachine({
  id: 'driverVerification',
  context: { driverId: null, userId: null, application: null, submissions: 0, lastDecision: null, files: [] },
  initial: 'notApplied',
  // Files come after the application (which opens the stream), whatever the decision since.
  on: { DriverDocumentFileAttached: { guard: 'hasApplied', actions: 'recordFile' } },
  states: {
    notApplied: {
      on: { DriverApplicationSubmitted: { target: 'pending', actions: 'recordApplication' } },
    },
    pending: {
      on: {
        DriverApproved: { target: 'approved', actions: 'recordApproval' },
        DriverRejected: { target: 'rejected', actions: 'recordRejection' },
      },
    },
    rejected: {
      on: {
        DriverApplicationSubmitted: { guard: 'isTheSameApplicant', target: 'pending', actions: 'recordApplication' },
      },
    },
    approved: {
      on: { DriverSuspended: { target: 'suspended', actions: 'recordSuspension' } },
    },
    suspended: {
      on: { DriverReinstated: { target: 'approved', actions: 'recordReinstatement' } },
    },
  },
});

export const driverVerificationStatuses = ['notApplied', 'pending', 'approved', 'rejected', 'suspended'] as const;
export type DriverVerificationStatus = (typeof driverVerificationStatuses)[number];
