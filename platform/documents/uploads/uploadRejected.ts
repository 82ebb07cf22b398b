export type UploadRejection =
  /** Nothing was sent. */
  | 'empty'
  /** Over the size limit (HTTP 413). */
  | 'too_large'
  /** Its content is none of the accepted types, whatever its name or declared type says (HTTP 415). */
  | 'unsupported_type'
  /** The type is right but the content cannot be read (a broken image, a password-protected PDF). */
  | 'unreadable'
  /** A PDF carrying JavaScript, embedded files or an XFA form. */
  | 'active_content';

const STATUS: Record<UploadRejection, number> = { empty: 400, too_large: 413, unsupported_type: 415, unreadable: 400, active_content: 400 };

/**
 * A refused upload: names the form field and what it accepts, so the API answers a 4xx naming the
 * field (`{ message, code, issues: [{ path: [field], message }] }`) and the web app can say, in
 * the reader's language, what to send instead (by `reason`, not by this English message).
 */
export class UploadRejectedError extends Error {
  readonly code = 'upload_rejected';
  readonly statusCode: number;

  constructor(
    readonly field: string,
    readonly reason: UploadRejection,
    readonly accepted: readonly string[],
    detail: string,
    readonly limitBytes?: number,
  ) {
    super(`${field}: ${detail}. Accepted: ${accepted.join(', ')}${limitBytes ? `, up to ${formatBytes(limitBytes)}` : ''}.`);
    this.name = 'UploadRejectedError';
    this.statusCode = STATUS[reason];
  }
}

function formatBytes(bytes: number): string {
  return bytes >= 1_000_000 ? `${Math.round(bytes / 100_000) / 10} MB` : `${Math.round(bytes / 1000)} KB`;
}
