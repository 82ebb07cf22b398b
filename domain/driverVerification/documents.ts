import { z } from 'zod';
import { nonBlank } from '../shared/command.js';
import { lusakaDate } from '../shared/lusakaCalendar.js';

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

/** A document is good through its expiry day in Lusaka (Zambia keeps UTC+2 all year). */
export { lusakaDate };

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

/**
 * The files a driver uploads beside the numbers: a photo or PDF of each document, and photos of
 * the vehicle (the e-hailing rules ask the vehicle to be inspected; an admin sees it first here).
 */
export const documentFileKinds = [...driverDocumentKinds, 'vehicle_photo'] as const;
export type DocumentFileKind = (typeof documentFileKinds)[number];

/** Up to this many vehicle photos count (front, back, sides, inside); a document has one current file. */
export const MAX_VEHICLE_PHOTOS = 4;
/** The most files one driver's stream records: re-uploads included, so the stream stays bounded. */
export const MAX_DOCUMENT_FILES = 60;

export const documentFileSchema = z.object({
  fileId: z.uuid(),
  kind: z.enum(documentFileKinds),
  /** Where the encrypted bytes live (platform/documents): made by the server, never by the uploader. */
  storageKey: z.string().regex(/^documents\/[0-9a-f-]{36}$/),
  contentType: z.enum(['image/jpeg', 'image/png', 'image/webp', 'application/pdf']),
  sizeBytes: z.int().positive(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});
export type DocumentFile = z.infer<typeof documentFileSchema>;

/** The files that count now: the latest of each document kind, the latest MAX_VEHICLE_PHOTOS vehicle photos. */
export function currentDocumentFiles<F extends { kind: DocumentFileKind }>(files: readonly F[]): F[] {
  const latest = new Map<DocumentFileKind, F>();
  const photos: F[] = [];
  for (const file of files) {
    if (file.kind === 'vehicle_photo') photos.push(file);
    else latest.set(file.kind, file);
  }
  return [...documentFileKinds.flatMap((kind) => (latest.has(kind) ? [latest.get(kind)!] : [])), ...photos.slice(-MAX_VEHICLE_PHOTOS)];
}
