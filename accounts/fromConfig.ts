import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { AccountsDatabase, CodeChannel } from './accounts.table.js';
import { createAccounts, type Accounts } from './accounts.js';
import { appleClientSecret } from './oidc/appleClientSecret.js';
import { OidcProvider, type ProviderName } from './oidc/provider.js';
import { createSmsGatewayTransport } from './smsGatewayTransport.js';
import { createSmtpTransport } from './smtpTransport.js';
import { LogCodeTransport, routeByChannel, type CodeTransport } from './transport.js';

/** The settings accounts read from the environment (the app's configuration has them all). */
export interface AccountsConfig {
  NODE_ENV: 'development' | 'production' | 'test';
  PORT: number;
  PUBLIC_URL?: string | undefined;
  SESSION_SECRET?: string | undefined;
  SMTP_URL?: string | undefined;
  MAIL_FROM: string;
  SMS_GATEWAY_URL?: string | undefined;
  SMS_GATEWAY_TOKEN?: string | undefined;
  GOOGLE_CLIENT_ID?: string | undefined;
  GOOGLE_CLIENT_SECRET?: string | undefined;
  GOOGLE_ISSUER: string;
  APPLE_CLIENT_ID?: string | undefined;
  APPLE_TEAM_ID?: string | undefined;
  APPLE_KEY_ID?: string | undefined;
  APPLE_PRIVATE_KEY?: string | undefined;
  APPLE_ISSUER: string;
}

/**
 * Picks the code transports and sign-in providers from the environment. Each channel uses its real
 * adapter when configured; otherwise development logs codes (and shows them in the outbox) while
 * production refuses that channel (a 503 that says to use an authenticator app).
 */
export function accountsFromConfig(config: AccountsConfig, db: Kysely<AccountsDatabase>, logger: Logger): Accounts {
  const production = config.NODE_ENV === 'production';
  const log = production ? undefined : new LogCodeTransport(logger.child({ component: 'codes' }), () => new Date());
  const adapters: Partial<Record<CodeChannel, CodeTransport>> = {
    sms: config.SMS_GATEWAY_URL
      ? createSmsGatewayTransport({ url: config.SMS_GATEWAY_URL, token: config.SMS_GATEWAY_TOKEN ?? '' })
      : log,
    email: config.SMTP_URL ? createSmtpTransport({ url: config.SMTP_URL, from: config.MAIL_FROM }) : log,
  };
  logger.info(
    { sms: config.SMS_GATEWAY_URL ? 'gateway' : log ? 'log' : 'off', email: config.SMTP_URL ? 'smtp' : log ? 'log' : 'off' },
    'one-time code delivery',
  );
  return createAccounts({
    db,
    logger,
    environment: config.NODE_ENV,
    secret: config.SESSION_SECRET,
    transport: routeByChannel(adapters),
    ...(log ? { outbox: log.outbox } : {}),
    providers: providersFromConfig(config),
  });
}

export function providersFromConfig(config: AccountsConfig): Partial<Record<ProviderName, OidcProvider>> {
  const publicUrl = (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/$/, '');
  const insecure = (issuer: string) => config.NODE_ENV !== 'production' && issuer.startsWith('http:');
  const providers: Partial<Record<ProviderName, OidcProvider>> = {};
  if (config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET) {
    const secret = config.GOOGLE_CLIENT_SECRET;
    providers.google = new OidcProvider({
      name: 'google',
      issuer: config.GOOGLE_ISSUER,
      clientId: config.GOOGLE_CLIENT_ID,
      clientSecret: () => secret,
      redirectUri: `${publicUrl}/api/auth/google/callback`,
      scope: 'openid email profile',
      allowInsecure: insecure(config.GOOGLE_ISSUER),
    });
  }
  if (config.APPLE_CLIENT_ID && config.APPLE_TEAM_ID && config.APPLE_KEY_ID && config.APPLE_PRIVATE_KEY) {
    const key = { clientId: config.APPLE_CLIENT_ID, teamId: config.APPLE_TEAM_ID, keyId: config.APPLE_KEY_ID, privateKeyPem: config.APPLE_PRIVATE_KEY };
    providers.apple = new OidcProvider({
      name: 'apple',
      issuer: config.APPLE_ISSUER,
      clientId: config.APPLE_CLIENT_ID,
      clientSecret: () => appleClientSecret(key, new Date()),
      redirectUri: `${publicUrl}/api/auth/apple/callback`,
      scope: 'openid email name',
      responseMode: 'form_post',
      allowInsecure: insecure(config.APPLE_ISSUER),
    });
  }
  return providers;
}
