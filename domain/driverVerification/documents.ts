import { z } from 'zod';
import { nonBlank } from '../shared/command.js';

/**
 * The documents Zambia's 2024 e-hailing rules ask of a driver partner. Each carries its number or
 * reference and an expiry date; an application needs all six, none expired.
 */
export const driverDocumentKinds = [
  'driving_licence',
  'psv_road_service_licence',
  'police_clearance',
  'nrc',
  'vehicle_registration',
  'insurance',
] as const;
export type DriverDocumentKind = (typeof driverDocumentKinds)[number];

export const driverDocumentLabels: Record<DriverDocumentKind, string> = {
  driving_licence: 'driving licence',
  psv_road_service_licence: 'PSV road service licence',
  police_clearance: 'police clearance',
  nrc: 'NRC',
  vehicle_registration: 'vehicle registration',
  insurance: 'insurance',
};

export const driverDocumentSchema = z.object({
  kind: z.enum(driverDocumentKinds),
  reference: nonBlank.max(60),
  expiresOn: z.iso.date(),
});
export type DriverDocument = z.infer<typeof driverDocumentSchema>;

/** Zambia keeps Central Africa Time (UTC+2) all year: a document is good through its expiry day there. */
const LUSAKA_OFFSET_MS = 2 * 60 * 60 * 1000;

export function lusakaDate(instant: Date): string {
  return new Date(instant.getTime() + LUSAKA_OFFSET_MS).toISOString().slice(0, 10);
}

export type DocumentProblem =
  | { kind: DriverDocumentKind; problem: 'missing' | 'duplicated' }
  | { kind: DriverDocumentKind; problem: 'expired'; expiresOn: string };

/** What stops these documents from supporting an application today, in the order of the kinds list. */
export function documentProblems(documents: readonly DriverDocument[], now: Date): DocumentProblem[] {
  const today = lusakaDate(now);
  return driverDocumentKinds.flatMap((kind): DocumentProblem[] => {
    const ofKind = documents.filter((document) => document.kind === kind);
    if (ofKind.length === 0) return [{ kind, problem: 'missing' }];
    if (ofKind.length > 1) return [{ kind, problem: 'duplicated' }];
    const { expiresOn } = ofKind[0]!;
    return expiresOn < today ? [{ kind, problem: 'expired', expiresOn }] : [];
  });
}

export function describeDocumentProblem(problem: DocumentProblem): string {
  const label = driverDocumentLabels[problem.kind];
  switch (problem.problem) {
    case 'missing':
      return `the ${label} is missing`;
    case 'duplicated':
      return `the ${label} is given more than once`;
    case 'expired':
      return `the ${label} expired on ${problem.expiresOn}`;
  }
}
