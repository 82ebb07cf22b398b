import { UnavailableError } from '../../platform/eventStore/port.js';

// Connection failures (class 08), an administrator's shutdown (57P0x), too many connections,
// and the conflicts PostgreSQL asks clients to retry (serialization failure, deadlock).
const TRANSIENT_CODES = new Set([
  'ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND',
  '57P01', '57P02', '57P03', '53300', '40001', '40P01',
]);

/** True when retrying later may succeed: the database was away, not the code wrong. */
export function isTransient(error: unknown): boolean {
  for (let current = error; current instanceof Error; current = current.cause) {
    if (current instanceof UnavailableError) return true;
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && (TRANSIENT_CODES.has(code) || code.startsWith('08'))) return true;
    if (/Connection terminated|connection timeout/i.test(current.message)) return true;
  }
  return false;
}
