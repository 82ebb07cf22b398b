import { Readable } from 'node:stream';
import { readBounded, splitHead } from './boundedBody.js';
import {
  DOCUMENT_TYPES_ACCEPTED,
  RECORDING_TYPES_ACCEPTED,
  sniffDocument,
  sniffRecording,
  type DocumentContentType,
  type RecordingContentType,
} from './contentTypes.js';
import { withoutMetadata } from './images.js';
import { MAX_DOCUMENT_BYTES, recordingLimitBytes, SNIFF_BYTES } from './limits.js';
import { inspectPdf } from './pdf.js';
import { UploadRejectedError } from './uploadRejected.js';

export interface CheckedDocument {
  contentType: DocumentContentType;
  /** What to store: an image re-encoded without its metadata, or the PDF as sent. */
  bytes: Buffer;
}

export interface CheckedRecording {
  contentType: RecordingContentType;
  /** The recording as sent; it fails with UploadRejectedError (too_large) if it grows past the limit. */
  body: Readable;
  limitBytes: number;
}

function unsupported(field: string, accepted: readonly string[], detected: string | undefined, limitBytes: number): UploadRejectedError {
  const what = detected === 'heic' ? 'HEIC photos cannot be read here (share the photo as JPEG)' : detected ? `this file is ${detected.toUpperCase()} content` : 'this file is not of an accepted type';
  return new UploadRejectedError(field, 'unsupported_type', accepted, what, limitBytes);
}

/**
 * Checks a driver's document as it streams in (`field` names the form field, for the error):
 * refused past MAX_DOCUMENT_BYTES without reading further, typed by its content alone, images
 * re-encoded without metadata (GPS position included) and PDFs refused when they carry scripts
 * or embedded files. Resolves only with something safe to store; every refusal is an
 * UploadRejectedError (a 4xx), whatever bytes arrive.
 */
export async function checkDocumentUpload(
  source: AsyncIterable<Uint8Array>,
  options: { field: string; maxBytes?: number },
): Promise<CheckedDocument> {
  const { field } = options;
  const accepted = DOCUMENT_TYPES_ACCEPTED;
  const limitBytes = options.maxBytes ?? MAX_DOCUMENT_BYTES;
  // The type first, from the head: a wrong type is refused without reading (or holding) the rest.
  const { head, rest, discard } = await splitHead(source, SNIFF_BYTES, { field, limitBytes, accepted });
  if (head.length === 0) throw new UploadRejectedError(field, 'empty', accepted, 'the file is empty');
  const sniffed = await sniffDocument(head);
  if (!sniffed.accepted) {
    await discard();
    throw unsupported(field, accepted, sniffed.detected, limitBytes);
  }
  const bytes = await readBounded(rest, { field, limitBytes, accepted });
  const contentType = sniffed.accepted;
  if (contentType === 'application/pdf') {
    const finding = await inspectPdf(bytes);
    if (!finding.ok) throw new UploadRejectedError(field, finding.reason, accepted, finding.detail);
    return { contentType, bytes };
  }
  try {
    return { contentType, bytes: await withoutMetadata(bytes, contentType) };
  } catch {
    throw new UploadRejectedError(field, 'unreadable', accepted, 'the image could not be read (damaged, or too many pixels)');
  }
}

/**
 * Checks a ride's audio recording as it streams in: typed by its first bytes (what browsers'
 * MediaRecorder makes), and bounded by the ride's length (RECORDING_BYTES_PER_MINUTE per minute,
 * MAX_RECORDING_MINUTES at most). The body is never held whole: the returned stream carries it on
 * and fails with too_large the moment it passes the limit, which makes the store keep nothing.
 */
export async function checkRecordingUpload(
  source: AsyncIterable<Uint8Array>,
  options: { field: string; rideMinutes: number },
): Promise<CheckedRecording> {
  const { field } = options;
  const accepted = RECORDING_TYPES_ACCEPTED;
  const limitBytes = recordingLimitBytes(options.rideMinutes);
  const { head, rest, discard } = await splitHead(source, SNIFF_BYTES, { field, limitBytes, accepted });
  if (head.length === 0) throw new UploadRejectedError(field, 'empty', accepted, 'the recording is empty');
  const sniffed = await sniffRecording(head);
  if (!sniffed.accepted) {
    await discard();
    throw unsupported(field, accepted, sniffed.detected, limitBytes);
  }
  return { contentType: sniffed.accepted, body: Readable.from(rest), limitBytes };
}
