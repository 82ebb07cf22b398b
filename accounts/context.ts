import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Clock } from '../platform/clock.js';
import type { AccountsDatabase, SessionRow, UserRow } from './accounts.table.js';
import type { AuthPolicy } from './policy.js';
import type { CodeTransport } from './transport.js';

/** What every sign-in flow works with. Tests swap the clock, the transport and the policy. */
export interface AccountsContext {
  db: Kysely<AccountsDatabase>;
  clock: Clock;
  transport: CodeTransport;
  /** Keys the HMAC of stored codes and signs short-lived cookies. */
  secret: string;
  policy: AuthPolicy;
  logger: Logger;
}

/** Where a request came from, for rate limits and the sessions table. */
export interface RequestOrigin {
  ip: string;
  userAgent: string | null;
}

/** The session a request carries (password passed, second factor maybe not yet) and its user. */
export interface SignInState {
  session: SessionRow;
  user: UserRow;
}
