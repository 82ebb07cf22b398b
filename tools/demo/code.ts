import { DEMO_TOTP_SECRET } from './roster.js';
import { demoCode, demoCodeSecondsLeft } from './totp.js';

/**
 * `npm run demo:code`: the 6-digit code every demo account's authenticator app would show now.
 * A code signs an account in once (the server refuses it again), so a second sign-in to the same
 * account within the same 30 s waits for the next code.
 */
const now = new Date();
console.log(demoCode(now));
console.error(`(valid for ${demoCodeSecondsLeft(now)} more seconds; secret ${DEMO_TOTP_SECRET})`);
