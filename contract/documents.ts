import { z } from 'zod';
import { documentFileKinds } from '../domain/driverVerification/documents.js';
import { Instant, Uuid } from './primitives.js';

/**
 * A driver's document files on the wire. Uploads are multipart/form-data with one part named
 * `file` (a JPEG, PNG or WebP photo or a PDF, up to 10 MB), to
 * `POST /api/drivers/:driverId/documents/:kind`; the server decides the type from the content,
 * strips images' metadata and stores them encrypted. Reading one back is for the driver and
 * admins only: `GET /api/drivers/:driverId/documents/files/:fileId` (no-store, as an attachment).
 */
export const DocumentFileKind = z.enum(documentFileKinds, { error: `must be one of ${documentFileKinds.join(', ')}` });
export type DocumentFileKind = z.infer<typeof DocumentFileKind>;

export const DocumentUploadParams = z.object({ driverId: Uuid, kind: DocumentFileKind });
export const DriverDocumentsParams = z.object({ driverId: Uuid });
export const DocumentFileParams = z.object({ driverId: Uuid, fileId: Uuid });

export const DocumentFileView = z.object({
  fileId: Uuid,
  kind: DocumentFileKind,
  contentType: z.enum(['image/jpeg', 'image/png', 'image/webp', 'application/pdf']),
  sizeBytes: z.int().positive(),
  attachedAt: Instant,
  /** Where the driver or an admin reads it (signed-in, never public). */
  href: z.string(),
});
export type DocumentFileView = z.infer<typeof DocumentFileView>;

/** The files that count now: the latest of each document, the latest four vehicle photos. */
export const DriverDocumentFiles = z.object({ driverId: Uuid, files: z.array(DocumentFileView) });
export type DriverDocumentFiles = z.infer<typeof DriverDocumentFiles>;

export const DocumentUploaded = z.object({ file: DocumentFileView });
export type DocumentUploaded = z.infer<typeof DocumentUploaded>;
