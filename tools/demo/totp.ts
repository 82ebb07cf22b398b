import { Secret, TOTP } from 'otpauth';
import { DEMO_TOTP_SECRET } from './roster.js';

/**
 * The demo accounts' authenticator app: RFC 6238 with the parameters the accounts module checks
 * (SHA-1, 6 digits, 30 s), so any authenticator app fed the secret or the otpauth URL shows the
 * codes the server accepts.
 */
const PERIOD_SECONDS = 30;

function demoTotp(label = ''): TOTP {
  return new TOTP({ issuer: 'Tiyende demo', label, secret: Secret.fromBase32(DEMO_TOTP_SECRET), algorithm: 'SHA1', digits: 6, period: PERIOD_SECONDS });
}

/** The 6-digit code for the moment given. */
export function demoCode(at: Date): string {
  return demoTotp().generate({ timestamp: at.getTime() });
}

/** How many seconds the code shown at this moment stays current. */
export function demoCodeSecondsLeft(at: Date): number {
  return PERIOD_SECONDS - (Math.floor(at.getTime() / 1000) % PERIOD_SECONDS);
}

/** `otpauth://totp/…` for a QR code or an app's "enter a URL" field. */
export function demoOtpauthUrl(accountLabel: string): string {
  return demoTotp(accountLabel).toString();
}

export const DEMO_CODE_PERIOD_MS = PERIOD_SECONDS * 1000;
