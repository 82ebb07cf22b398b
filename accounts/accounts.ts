import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { systemClock, type Clock } from '../platform/clock.js';
import type { AccountsDatabase } from './accounts.table.js';
import type { AccountsContext } from './context.js';
import type { OidcProvider, ProviderName } from './oidc/provider.js';
import { defaultAuthPolicy, type AuthPolicy } from './policy.js';
import { LogCodeTransport, type CodeTransport, type OutboxEntry } from './transport.js';

export interface AccountsOptions {
  db: Kysely<AccountsDatabase>;
  logger: Logger;
  environment: 'development' | 'production' | 'test';
  /** Required in production. Elsewhere a random one is made (codes then die with the process). */
  secret?: string | undefined;
  clock?: Clock;
  /** Defaults to the log transport (server log + outbox), which production never gets by default. */
  transport?: CodeTransport;
  /** The log transport's outbox when `transport` includes one; shown only outside production. */
  outbox?: OutboxEntry[];
  policy?: Partial<AuthPolicy>;
  providers?: Partial<Record<ProviderName, OidcProvider>>;
}

/** Accounts, sessions and MFA as the app wires them: one object built at the composition root. */
export interface Accounts {
  context: AccountsContext;
  production: boolean;
  /** The development outbox, or null (always null in production). */
  outbox: OutboxEntry[] | null;
  providers: Partial<Record<ProviderName, OidcProvider>>;
}

export function createAccounts(options: AccountsOptions): Accounts {
  const production = options.environment === 'production';
  if (production && !options.secret) throw new Error('Accounts need a secret in production (SESSION_SECRET)');
  const clock = options.clock ?? systemClock;
  let transport = options.transport;
  let outbox = options.outbox ?? null;
  if (!transport) {
    if (production) throw new Error('Accounts need a code transport in production');
    const log = new LogCodeTransport(options.logger.child({ component: 'codes' }), () => clock.now());
    transport = log;
    outbox = log.outbox;
  }
  return {
    context: {
      db: options.db,
      clock,
      transport,
      secret: options.secret ?? randomBytes(32).toString('base64url'),
      policy: { ...defaultAuthPolicy, ...options.policy },
      logger: options.logger.child({ component: 'accounts' }),
    },
    production,
    outbox: production ? null : outbox,
    providers: options.providers ?? {},
  };
}
