import { DomainError } from '../domain/shared/index.js';

/**
 * A refusal on the way in: who you are, whether you may, how often. It carries its HTTP status
 * (401, 403, 409, 429, 503) because these answers belong to authentication, not to a domain
 * lifecycle. The auth routes answer `{ message, code, ...details }`; anywhere else the root error
 * handler answers `{ message, code }` with the same status.
 */
export class AuthError extends Error {
  override name = 'AuthError';
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
  }

  /** Seconds a client should wait, for a 429's Retry-After header. */
  get retryAfterSeconds(): number | undefined {
    const value = this.details.retryAfterSeconds;
    return typeof value === 'number' ? value : undefined;
  }
}

/**
 * Bad input only the server can judge (a phone number SMS cannot reach, say): a 400 naming the
 * field in the same shape as a schema failure.
 */
export function invalidField(field: string, message: string): DomainError {
  return new DomainError('invalid', `${field}: ${message}`, { issues: [{ field, message }] });
}

export const MFA_REQUIRED_MESSAGE = 'Two-factor authentication is required to access this application.';

export const authErrors = {
  unauthenticated: () => new AuthError(401, 'unauthenticated', 'Authentication required'),
  deactivated: () => new AuthError(401, 'account_deactivated', 'This account has been deactivated. Contact support to restore it.'),
  invalidCredentials: () => new AuthError(401, 'invalid_credentials', 'Invalid email or password'),
  tooManyAttempts: (retryAfterSeconds: number) =>
    new AuthError(429, 'too_many_attempts', `Too many failed attempts. Try again in ${minutesText(retryAfterSeconds)}.`, {
      retryAfterSeconds,
    }),
  noPendingSignIn: () =>
    new AuthError(401, 'no_pending_sign_in', 'No sign-in is waiting for this user on this device. Sign in again.'),
};

function minutesText(seconds: number): string {
  if (seconds < 60) return `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}
