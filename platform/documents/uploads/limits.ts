/** A document (licence, NRC, clearance, vehicle photo): a phone photo or a scanned PDF fits easily. */
export const MAX_DOCUMENT_BYTES = 10 * 1000 * 1000;
/**
 * Decoded size of an image, so that a small file cannot unpack into gigabytes (a decompression
 * bomb): 50 megapixels is above every phone camera's default output.
 */
export const MAX_IMAGE_PIXELS = 50_000_000;
/**
 * A recording may hold at most this much per minute of the ride it belongs to: 200 kbit/s, above
 * what browsers' MediaRecorder produces for speech (Opus ~32–128 kbit/s, AAC up to 192 kbit/s).
 */
export const RECORDING_BYTES_PER_MINUTE = 1_500_000;
/** The longest recording accepted, whatever the ride's length (four hours: Kitwe to Lusaka and back). */
export const MAX_RECORDING_MINUTES = 240;
/** How much of the start of a file the type is read from; file-type needs far less for every accepted type. */
export const SNIFF_BYTES = 64 * 1024;
/** Parsing a PDF for scripts and attachments takes at most this long, else it is refused as unreadable. */
export const PDF_INSPECTION_TIMEOUT_MS = 20_000;

/** The size limit of a recording of a ride lasting `minutes` (at least one minute, at most the maximum). */
export function recordingLimitBytes(minutes: number): number {
  const bounded = Math.min(Math.max(Math.ceil(Number.isFinite(minutes) ? minutes : 0), 1), MAX_RECORDING_MINUTES);
  return bounded * RECORDING_BYTES_PER_MINUTE;
}
