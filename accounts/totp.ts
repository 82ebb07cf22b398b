import { Secret, TOTP } from 'otpauth';

const ISSUER = 'Tiyende';
// RFC 6238 defaults, which every authenticator app understands.
const PERIOD_SECONDS = 30;

function totpFor(secretBase32: string, label = ''): TOTP {
  return new TOTP({ issuer: ISSUER, label, secret: Secret.fromBase32(secretBase32), algorithm: 'SHA1', digits: 6, period: PERIOD_SECONDS });
}

export interface TotpEnrolment {
  /** Base32, for typing into an app by hand. */
  secret: string;
  /** `otpauth://totp/…`, for a QR code. */
  otpauthUrl: string;
}

export function newTotpEnrolment(accountLabel: string): TotpEnrolment {
  const secret = new Secret({ size: 20 }).base32;
  return { secret, otpauthUrl: totpFor(secret, accountLabel).toString() };
}

/**
 * The time step a code belongs to, or null when it matches none. One step either side is
 * accepted for clock drift; the caller refuses a step it has already accepted (replay).
 */
export function matchTotp(secretBase32: string, token: string, now: Date): number | null {
  const totp = totpFor(secretBase32);
  const delta = totp.validate({ token, timestamp: now.getTime(), window: 1 });
  return delta === null ? null : totp.counter({ timestamp: now.getTime() }) + delta;
}
