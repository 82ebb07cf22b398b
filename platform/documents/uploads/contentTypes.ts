import { fileTypeFromBuffer } from 'file-type';

/** What a driver may upload as a document: photos, and PDFs (scans). */
export const documentContentTypes = ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'] as const;
export type DocumentContentType = (typeof documentContentTypes)[number];
export const DOCUMENT_TYPES_ACCEPTED = ['JPEG, PNG or WebP photo', 'PDF'] as const;

/** What browsers' MediaRecorder produces: WebM/Opus (Chrome, Firefox), Ogg/Opus (Firefox), MP4/AAC (Safari). */
export const recordingContentTypes = ['audio/webm', 'audio/ogg', 'audio/mp4'] as const;
export type RecordingContentType = (typeof recordingContentTypes)[number];
export const RECORDING_TYPES_ACCEPTED = ['WebM or Ogg audio (Opus)', 'MP4 audio (AAC)'] as const;

/** file-type's extension for each accepted content; everything else is refused. */
const DOCUMENT_BY_EXTENSION: Record<string, DocumentContentType> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  pdf: 'application/pdf',
};
const RECORDING_BY_EXTENSION: Record<string, RecordingContentType> = {
  webm: 'audio/webm',
  opus: 'audio/ogg',
  ogg: 'audio/ogg',
  oga: 'audio/ogg',
  m4a: 'audio/mp4',
  mp4: 'audio/mp4',
};

export interface Sniffed<T> {
  /** Undefined when the content is not an accepted type. */
  accepted?: T;
  /** What the content was recognised as (`heic`, `exe`, `elf`), for the refusal; undefined when unrecognised (text, scripts, noise). */
  detected?: string;
}

/** Reads the type from the content's first bytes alone: names and declared types are never consulted. */
async function sniff<T>(head: Uint8Array, byExtension: Record<string, T>): Promise<Sniffed<T>> {
  const type = await fileTypeFromBuffer(head).catch(() => undefined);
  if (!type) return {};
  const accepted = Object.hasOwn(byExtension, type.ext) ? byExtension[type.ext] : undefined;
  return accepted ? { accepted, detected: type.ext } : { detected: type.ext };
}

export const sniffDocument = (head: Uint8Array) => sniff(head, DOCUMENT_BY_EXTENSION);
export const sniffRecording = (head: Uint8Array) => sniff(head, RECORDING_BY_EXTENSION);
