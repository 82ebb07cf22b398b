import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { DocumentFileKind, DocumentUploaded, DriverDocumentFiles } from '../../../contract/documents.js';
import { getJson, HttpError } from '../api/http.js';

export type { DocumentFileKind, DocumentFileView } from '../../../contract/documents.js';

/** The upload refusals the server names (platform/documents UploadRejection), each with its own words on screen. */
export const UPLOAD_REFUSALS = ['unsupported_type', 'too_large', 'empty', 'unreadable', 'active_content'] as const;
export type UploadRefusal = (typeof UPLOAD_REFUSALS)[number] | 'failed';

/** What the server said was wrong with an upload, or 'failed' for anything else (network, server). */
export function uploadRefusalOf(error: unknown): UploadRefusal {
  if (!(error instanceof HttpError)) return 'failed';
  try {
    const reason = (JSON.parse(error.body) as { reason?: unknown }).reason;
    return (UPLOAD_REFUSALS as readonly unknown[]).includes(reason) ? (reason as UploadRefusal) : 'failed';
  } catch {
    return 'failed';
  }
}

export const documentFilesQueryKey = (driverId: string) => ['/api/drivers', driverId, 'documents'] as const;

/** GET /api/drivers/:driverId/documents: the files that count now (the driver themself or an admin). */
export const documentFilesQueryOptions = (driverId: string) =>
  queryOptions({
    queryKey: documentFilesQueryKey(driverId),
    queryFn: () => getJson<DriverDocumentFiles>(`/api/drivers/${encodeURIComponent(driverId)}/documents`),
  });

/** POST the file as multipart/form-data (one part named "file"); the server checks it by its content. */
async function uploadFile(driverId: string, kind: DocumentFileKind, file: File): Promise<DocumentUploaded> {
  const form = new FormData();
  form.append('file', file);
  const response = await fetch(`/api/drivers/${encodeURIComponent(driverId)}/documents/${kind}`, {
    method: 'POST',
    credentials: 'include',
    headers: { accept: 'application/json' },
    body: form,
  });
  const text = await response.text();
  if (!response.ok) throw new HttpError(response.status, text, response.statusText);
  return JSON.parse(text) as DocumentUploaded;
}

export function useUploadDocumentFile(driverId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, file }: { kind: DocumentFileKind; file: File }) => uploadFile(driverId, kind, file),
    onSuccess: ({ file }) => {
      // The answer is the file as recorded; the list (a read model) catches up a moment later.
      queryClient.setQueryData<DriverDocumentFiles>(documentFilesQueryKey(driverId), (was) => {
        const others = (was?.files ?? []).filter((entry) => file.kind === 'vehicle_photo' || entry.kind !== file.kind);
        return { driverId, files: [...others, file] };
      });
    },
  });
}
