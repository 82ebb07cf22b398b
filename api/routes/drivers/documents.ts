import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { attachDriverDocumentFile } from '../../../commands/driverVerification/index.js';
import { DocumentFileParams, DocumentUploaded, DocumentUploadParams, DriverDocumentFiles, DriverDocumentsParams, type DocumentFileView } from '../../../contract/documents.js';
import { DomainError } from '../../../domain/shared/index.js';
import { MAX_DOCUMENT_BYTES, ObjectNotFoundError, storeDocument, UploadRejectedError, DOCUMENT_TYPES_ACCEPTED, type ObjectStore } from '../../../platform/documents/index.js';
import { driverById } from '../../../projections/driverProfiles/index.js';
import type { DriverDocumentFileEntry } from '../../../projections/driverProfiles/driverProfiles.table.js';
import type { PublicUser } from '../../../accounts/index.js';
import { requireUser, signedInUser } from '../../plugins/auth.js';
import { commandContextFor, notYours } from '../../support/commandContext.js';
import { errorResponses } from '../../support/http.js';

const hrefOf = (driverId: string, fileId: string) => `/api/drivers/${driverId}/documents/files/${fileId}`;

const viewOf = (driverId: string, file: Omit<DriverDocumentFileEntry, 'storageKey' | 'sha256'>): DocumentFileView => ({
  fileId: file.fileId,
  kind: file.kind,
  contentType: file.contentType,
  sizeBytes: file.sizeBytes,
  attachedAt: file.attachedAt,
  href: hrefOf(driverId, file.fileId),
});

const EXTENSION: Record<DocumentFileView['contentType'], string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp', 'application/pdf': 'pdf' };

/** The driver themself, or an admin reviewing them; anyone else is refused. */
function mayRead(me: PublicUser, driverId: string): boolean {
  return me.id === driverId || me.userType === 'admin';
}

/**
 * Drivers' document files: the driver uploads a photo or PDF of each document (and photos of the
 * vehicle), checked by content, stripped of metadata and stored encrypted (platform/documents);
 * the upload is recorded on their verification stream. Only the driver and admins read them.
 */
export function driverDocumentRoutes({ store }: { store: ObjectStore }, { commands, db }: { commands: Parameters<typeof attachDriverDocumentFile>[0]; db: Parameters<typeof driverById>[0] }): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/drivers/:driverId/documents/:kind',
      {
        config: { acceptsUploads: true },
        schema: {
          tags: ['drivers'],
          summary: `Upload a photo or PDF of a document (multipart, one part named "file": ${DOCUMENT_TYPES_ACCEPTED.join(' or ')}, up to ${MAX_DOCUMENT_BYTES / 1_000_000} MB); the driver themself, after applying`,
          consumes: ['multipart/form-data'],
          params: DocumentUploadParams,
          response: { 201: DocumentUploaded, ...errorResponses },
        },
        preValidation: requireUser({ roles: ['driver'] }),
      },
      async (request, reply) => {
        const me = signedInUser(request);
        const { driverId, kind } = request.params;
        if (driverId !== me.id) throw notYours('driverId', 'upload documents');
        if (!request.isMultipart()) {
          throw new DomainError('invalid', 'file: send the document as multipart/form-data with one part named "file"', { issues: [{ field: 'file', message: 'is required' }] });
        }
        // One part; the checker counts the bytes itself and refuses past the limit (413).
        const part = await request.file({ limits: { files: 1, fileSize: MAX_DOCUMENT_BYTES + 1, fields: 0 }, throwFileSizeLimit: false });
        if (!part || part.fieldname !== 'file') {
          throw new DomainError('invalid', 'file: send the document as a part named "file"', { issues: [{ field: 'file', message: 'is required' }] });
        }
        const stored = await storeDocument(store, part.file, { field: 'file' });
        if (part.file.truncated) {
          await store.delete(stored.key);
          throw new UploadRejectedError('file', 'too_large', DOCUMENT_TYPES_ACCEPTED, 'the file is too large', MAX_DOCUMENT_BYTES);
        }
        const fileId = stored.key.slice('documents/'.length);
        try {
          const result = await attachDriverDocumentFile(
            commands,
            { driverId, fileId, kind, storageKey: stored.key, contentType: stored.contentType, sizeBytes: stored.size, sha256: stored.sha256 },
            commandContextFor(request),
          );
          const event = result.events.find((candidate) => candidate.type === 'DriverDocumentFileAttached');
          const attachedAt = event?.type === 'DriverDocumentFileAttached' ? event.data.attachedAt : commands.clock.now().toISOString();
          return reply.status(201).send({ file: viewOf(driverId, { fileId, kind, contentType: stored.contentType, sizeBytes: stored.size, attachedAt }) });
        } catch (error) {
          // Not recorded, so not kept: nothing stored belongs to nobody.
          await store.delete(stored.key);
          throw error;
        }
      },
    );

    app.get(
      '/api/drivers/:driverId/documents',
      {
        schema: {
          tags: ['drivers'],
          summary: "A driver's current document files: the driver themself or an admin",
          params: DriverDocumentsParams,
          response: { 200: DriverDocumentFiles, ...errorResponses },
        },
        preValidation: requireUser(),
      },
      async (request) => {
        const me = signedInUser(request);
        const { driverId } = request.params;
        if (!mayRead(me, driverId)) throw notYours('driverId', "read a driver's documents");
        const row = await driverById(db, driverId);
        return { driverId, files: (row?.document_files ?? []).map((file) => viewOf(driverId, file)) };
      },
    );

    app.get(
      '/api/drivers/:driverId/documents/files/:fileId',
      {
        schema: {
          tags: ['drivers'],
          summary: 'One document file, as an attachment, never cached: the driver themself or an admin',
          params: DocumentFileParams,
          response: { 200: z.any(), ...errorResponses },
        },
        preValidation: requireUser(),
      },
      async (request, reply) => {
        const me = signedInUser(request);
        const { driverId, fileId } = request.params;
        if (!mayRead(me, driverId)) throw notYours('driverId', "read a driver's documents");
        const row = await driverById(db, driverId);
        const file = row?.document_files.find((candidate) => candidate.fileId === fileId);
        if (!file) throw new DomainError('not_found', `fileId: no current document file ${fileId} of this driver`, { field: 'fileId' });
        let body;
        try {
          body = await store.get(file.storageKey);
        } catch (error) {
          if (error instanceof ObjectNotFoundError) throw new DomainError('not_found', `fileId: the file ${fileId} is no longer stored`, { field: 'fileId' });
          throw error;
        }
        return reply
          .header('content-type', file.contentType)
          .header('cache-control', 'private, no-store')
          .header('x-content-type-options', 'nosniff')
          .header('content-security-policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox")
          .header('content-disposition', `attachment; filename="${file.kind}-${fileId.slice(0, 8)}.${EXTENSION[file.contentType]}"`)
          .send(body);
      },
    );
  };
}
