import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { mobileMoneyMethods, type MobileMoneyMethod } from '../../domain/catalogue/payments.js';
import type { PaymentGatewayId } from '../../domain/payment/rules.js';
import { airtelCallbackUrl, airtelMoneyProvider } from './airtelMoney/airtelMoneyProvider.js';
import type { Fetch } from './http.js';
import { mtnMomoProvider } from './mtnMomo/mtnMomoProvider.js';
import type { PaymentProvider } from './port.js';
import { sandboxProvider, type SandboxWallet } from './sandbox/sandboxProvider.js';
import type { SandboxDatabase } from './sandbox/sandboxTables.js';

const secret = z.string().trim().min(1, 'must not be blank');
const onOff = z.enum(['on', 'off']);

/**
 * The payment settings in the environment. Each provider is all or nothing: set one of its
 * variables and the others it needs are required. Zamtel Kwacha has none: Zamtel publishes no
 * collection API to build to, so only the sandbox collects it.
 */
const PaymentsEnv = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    PUBLIC_URL: z.url().optional(),
    /** Where providers reach our callbacks; by default `<PUBLIC_URL>/api/payments/callbacks`. */
    PAYMENTS_CALLBACK_BASE_URL: z.url().optional(),
    /** Keys the callback URLs' tokens; every replica needs the same one. */
    PAYMENTS_CALLBACK_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    /** The built-in sandbox (no real money): on by default only when no provider is configured, outside production. */
    PAYMENTS_SANDBOX: onOff.optional(),
    PAYMENTS_PROVIDER_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(120_000).default(15_000),

    MTN_MOMO_BASE_URL: z.url().optional(),
    MTN_MOMO_SUBSCRIPTION_KEY: secret.optional(),
    MTN_MOMO_API_USER: z.uuid('must be the API user’s UUID').optional(),
    MTN_MOMO_API_KEY: secret.optional(),
    MTN_MOMO_TARGET_ENVIRONMENT: z
      .string()
      .regex(/^[a-z]+$/, 'must be sandbox or the production environment, e.g. mtnzambia')
      .optional(),
    MTN_MOMO_CURRENCY: z
      .string()
      .regex(/^[A-Z]{3}$/, 'must be an ISO 4217 code such as ZMW')
      .optional(),
    MTN_MOMO_DISBURSEMENT_SUBSCRIPTION_KEY: secret.optional(),
    MTN_MOMO_DISBURSEMENT_API_USER: z.uuid('must be the API user’s UUID').optional(),
    MTN_MOMO_DISBURSEMENT_API_KEY: secret.optional(),

    AIRTEL_MONEY_BASE_URL: z.url().optional(),
    AIRTEL_MONEY_CLIENT_ID: secret.optional(),
    AIRTEL_MONEY_CLIENT_SECRET: secret.optional(),
    AIRTEL_MONEY_CALLBACK_PRIVATE_KEY: secret.optional(),
    AIRTEL_MONEY_MESSAGE_SIGNING: onOff.default('on'),
  })
  .superRefine((env, context) => {
    const need = (name: keyof typeof env, because: string) => {
      if (env[name] === undefined) context.addIssue({ code: 'custom', path: [name], message: `is required ${because}` });
    };
    const group = (names: ReadonlyArray<keyof typeof env>, what: string) => {
      const given = names.find((name) => env[name] !== undefined);
      if (given !== undefined) for (const name of names) need(name, `to configure ${what} (${given} is set)`);
      return given !== undefined;
    };
    const mtn = group(
      ['MTN_MOMO_BASE_URL', 'MTN_MOMO_SUBSCRIPTION_KEY', 'MTN_MOMO_API_USER', 'MTN_MOMO_API_KEY', 'MTN_MOMO_TARGET_ENVIRONMENT'],
      'MTN MoMo',
    );
    const refunds = group(
      ['MTN_MOMO_DISBURSEMENT_SUBSCRIPTION_KEY', 'MTN_MOMO_DISBURSEMENT_API_USER', 'MTN_MOMO_DISBURSEMENT_API_KEY'],
      'MTN MoMo refunds',
    );
    if (refunds && !mtn) need('MTN_MOMO_BASE_URL', 'for MTN MoMo refunds');
    const airtel = group(['AIRTEL_MONEY_BASE_URL', 'AIRTEL_MONEY_CLIENT_ID', 'AIRTEL_MONEY_CLIENT_SECRET'], 'Airtel Money');
    if (env.AIRTEL_MONEY_CALLBACK_PRIVATE_KEY !== undefined && !airtel)
      need('AIRTEL_MONEY_BASE_URL', 'for AIRTEL_MONEY_CALLBACK_PRIVATE_KEY');
    if (mtn || airtel) {
      need('PAYMENTS_CALLBACK_SECRET', 'with a real payment provider (32 or more random characters, the same on every replica)');
      if (env.PAYMENTS_CALLBACK_BASE_URL === undefined && env.PUBLIC_URL === undefined) {
        need('PAYMENTS_CALLBACK_BASE_URL', 'with a real payment provider, which must reach our callbacks (or set PUBLIC_URL)');
      }
    }
    const callbackBase = env.PAYMENTS_CALLBACK_BASE_URL ?? env.PUBLIC_URL;
    if (mtn && env.MTN_MOMO_TARGET_ENVIRONMENT !== 'sandbox' && callbackBase !== undefined && !callbackBase.startsWith('https://')) {
      context.addIssue({
        code: 'custom',
        path: ['PAYMENTS_CALLBACK_BASE_URL'],
        message: 'must be https: MTN MoMo calls back only https URLs in production',
      });
    }
  });

export type PaymentsEnv = z.infer<typeof PaymentsEnv>;

/** Reads the payment settings; a bad or missing value stops start-up naming the variable. */
export function readPaymentsEnv(env: Record<string, string | undefined>): PaymentsEnv {
  const parsed = PaymentsEnv.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid payment configuration:\n  ${problems.join('\n  ')}`);
  }
  return parsed.data;
}

export interface PaymentProviders {
  /** Each configured provider by its gateway id; an attempt's recorded gateway finds its provider here. */
  byGateway: ReadonlyMap<PaymentGatewayId, PaymentProvider>;
  /** The gateway that collects each wallet now; null where none does. */
  gatewayFor: Readonly<Record<MobileMoneyMethod, PaymentGatewayId | null>>;
  /** The wallets some provider collects: what offeredPaymentMethods() takes. */
  collectedMethods: MobileMoneyMethod[];
  /** The development wallet, when the sandbox is on. */
  sandbox: SandboxWallet | null;
  callbackBaseUrl: string;
  /** URLs to set on a provider's console (Airtel calls back one URL per application). */
  callbackUrlsToRegister: Partial<Record<PaymentGatewayId, string>>;
}

export interface PaymentProviderDeps {
  /** The sandbox keeps its pending requests here (migrate `sandboxPaymentMigrations` first). */
  sandboxDb?: Kysely<SandboxDatabase>;
  fetch?: Fetch;
}

/**
 * The configured payment providers. A real provider, when configured, collects its own wallet;
 * the sandbox collects every wallet no real provider does.
 */
export function paymentProvidersFromEnv(rawEnv: Record<string, string | undefined>, deps: PaymentProviderDeps = {}): PaymentProviders {
  const env = readPaymentsEnv(rawEnv);
  const fetchImpl = deps.fetch ?? fetch;
  const callbackBaseUrl = env.PAYMENTS_CALLBACK_BASE_URL ?? `${env.PUBLIC_URL ?? `http://127.0.0.1:${env.PORT}`}/api/payments/callbacks`;
  // Only the sandbox can run without a configured secret: a random one lives as long as the process.
  const callbackSecret = env.PAYMENTS_CALLBACK_SECRET ?? randomBytes(32).toString('base64url');
  const timeoutMs = env.PAYMENTS_PROVIDER_TIMEOUT_MS;
  const providers: PaymentProvider[] = [];
  const callbackUrlsToRegister: PaymentProviders['callbackUrlsToRegister'] = {};

  if (env.MTN_MOMO_BASE_URL !== undefined) {
    const targetEnvironment = env.MTN_MOMO_TARGET_ENVIRONMENT!;
    const disbursement =
      env.MTN_MOMO_DISBURSEMENT_API_USER !== undefined
        ? {
            subscriptionKey: env.MTN_MOMO_DISBURSEMENT_SUBSCRIPTION_KEY!,
            apiUser: env.MTN_MOMO_DISBURSEMENT_API_USER,
            apiKey: env.MTN_MOMO_DISBURSEMENT_API_KEY!,
          }
        : null;
    providers.push(
      mtnMomoProvider(
        {
          baseUrl: env.MTN_MOMO_BASE_URL,
          collection: { subscriptionKey: env.MTN_MOMO_SUBSCRIPTION_KEY!, apiUser: env.MTN_MOMO_API_USER!, apiKey: env.MTN_MOMO_API_KEY! },
          targetEnvironment,
          // MTN's sandbox takes EUR only; a production environment takes its country's currency.
          currency: env.MTN_MOMO_CURRENCY ?? (targetEnvironment === 'sandbox' ? 'EUR' : 'ZMW'),
          disbursement,
          callbackBaseUrl,
          callbackSecret,
          timeoutMs,
        },
        fetchImpl,
      ),
    );
  }
  if (env.AIRTEL_MONEY_BASE_URL !== undefined) {
    const airtel = {
      baseUrl: env.AIRTEL_MONEY_BASE_URL,
      clientId: env.AIRTEL_MONEY_CLIENT_ID!,
      clientSecret: env.AIRTEL_MONEY_CLIENT_SECRET!,
      callbackPrivateKey: env.AIRTEL_MONEY_CALLBACK_PRIVATE_KEY ?? null,
      messageSigning: env.AIRTEL_MONEY_MESSAGE_SIGNING === 'on',
      callbackBaseUrl,
      callbackSecret,
      timeoutMs,
    };
    providers.push(airtelMoneyProvider(airtel, fetchImpl));
    callbackUrlsToRegister.airtel_money = airtelCallbackUrl(airtel);
  }

  const sandboxOn =
    env.PAYMENTS_SANDBOX === undefined ? providers.length === 0 && env.NODE_ENV !== 'production' : env.PAYMENTS_SANDBOX === 'on';
  let sandbox: SandboxWallet | null = null;
  if (sandboxOn) {
    if (deps.sandboxDb === undefined) throw new Error('The sandbox payment provider is on but was given no database (sandboxDb)');
    const provider = sandboxProvider({ db: deps.sandboxDb, callbackBaseUrl, callbackSecret, timeoutMs }, fetchImpl);
    providers.push(provider);
    sandbox = provider.wallet;
  }

  const byGateway = new Map(providers.map((provider) => [provider.gateway, provider]));
  const gatewayFor = Object.fromEntries(
    mobileMoneyMethods.map((method) => [method, providers.find((provider) => provider.methods.includes(method))?.gateway ?? null]),
  ) as Record<MobileMoneyMethod, PaymentGatewayId | null>;
  const collectedMethods = mobileMoneyMethods.filter((method) => gatewayFor[method] !== null);
  return { byGateway, gatewayFor, collectedMethods, sandbox, callbackBaseUrl, callbackUrlsToRegister };
}
