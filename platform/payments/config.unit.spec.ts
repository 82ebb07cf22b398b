import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler } from 'kysely';
import { describe, expect, it } from 'vitest';
import { offeredPaymentMethods, paymentMethods } from '../../domain/catalogue/payments.js';
import { paymentProvidersFromEnv } from './config.js';
import type { SandboxDatabase } from './sandbox/sandboxTables.js';

/** A Kysely that compiles but never connects: configuration builds providers, it runs no query. */
const sandboxDb = new Kysely<SandboxDatabase>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

const secret = 'x'.repeat(40);
const mtn = {
  MTN_MOMO_BASE_URL: 'https://sandbox.momodeveloper.mtn.com',
  MTN_MOMO_SUBSCRIPTION_KEY: 'key',
  MTN_MOMO_API_USER: '6c1d9f3e-1c2b-4c3d-8e4f-5a6b7c8d9e0f',
  MTN_MOMO_API_KEY: 'api-key',
  MTN_MOMO_TARGET_ENVIRONMENT: 'sandbox',
};
const airtel = {
  AIRTEL_MONEY_BASE_URL: 'https://openapiuat.airtel.co.zm',
  AIRTEL_MONEY_CLIENT_ID: 'client',
  AIRTEL_MONEY_CLIENT_SECRET: 'secret',
};
const withCallbacks = { PAYMENTS_CALLBACK_SECRET: secret, PAYMENTS_CALLBACK_BASE_URL: 'https://tiyende.example/api/payments/callbacks' };
const configured = (env: Record<string, string>) => paymentProvidersFromEnv(env, { sandboxDb });

describe('payment providers from the environment', () => {
  it('by default runs the sandbox for every wallet, so the catalogue offers cash and mobile money', () => {
    const providers = configured({});
    expect(providers.gatewayFor).toEqual({ mtn_money: 'sandbox', airtel_money: 'sandbox', zamtel_kwacha: 'sandbox' });
    expect(providers.sandbox).not.toBeNull();
    expect(providers.callbackBaseUrl).toBe('http://127.0.0.1:3000/api/payments/callbacks');
    expect(offeredPaymentMethods(providers.collectedMethods)).toEqual(paymentMethods);
  });

  it('in production with nothing configured collects no wallet: only cash is offered', () => {
    const providers = configured({ NODE_ENV: 'production' });
    expect(providers.collectedMethods).toEqual([]);
    expect(providers.sandbox).toBeNull();
    expect(
      offeredPaymentMethods(providers.collectedMethods)
        .filter((method) => method.isAvailable)
        .map((method) => method.id),
    ).toEqual(['cash']);
  });

  it('lets a real provider collect its own wallet; the sandbox then stays off unless asked for', () => {
    expect(configured({ ...mtn, ...withCallbacks }).gatewayFor).toEqual({ mtn_money: 'mtn_momo', airtel_money: null, zamtel_kwacha: null });
    expect(configured({ ...mtn, ...airtel, ...withCallbacks, PAYMENTS_SANDBOX: 'on' }).gatewayFor).toEqual({
      mtn_money: 'mtn_momo',
      airtel_money: 'airtel_money',
      zamtel_kwacha: 'sandbox',
    });
  });

  it('gives the callback URL to set on the Airtel application', () => {
    const { callbackUrlsToRegister } = configured({ ...airtel, ...withCallbacks });
    expect(callbackUrlsToRegister.airtel_money).toMatch(/^https:\/\/tiyende\.example\/api\/payments\/callbacks\/airtel_money\/[\w-]{43}$/);
    expect(configured({ ...airtel, ...withCallbacks }).callbackUrlsToRegister).toEqual(callbackUrlsToRegister);
  });

  it('asks MTN for kwacha in production and for euros in its sandbox, as MTN requires', async () => {
    const currencies: unknown[] = [];
    const fakeNetwork = (async (url: string, init?: RequestInit) => {
      if (String(url).endsWith('/token/'))
        return new Response(JSON.stringify({ access_token: 't', token_type: 'access_token', expires_in: 3600 }));
      currencies.push((JSON.parse(String(init?.body)) as { currency: string }).currency);
      return new Response(null, { status: 202 });
    }) as typeof fetch;
    for (const MTN_MOMO_TARGET_ENVIRONMENT of ['sandbox', 'mtnzambia']) {
      const { byGateway } = paymentProvidersFromEnv({ ...mtn, ...withCallbacks, MTN_MOMO_TARGET_ENVIRONMENT }, { fetch: fakeNetwork });
      const payer = { msisdn: '260961234567', network: 'mtn' as const };
      await byGateway
        .get('mtn_momo')!
        .requestToPay({ reference: crypto.randomUUID(), rideId: 'r', method: 'mtn_money', amountNgwee: 100, payer, description: 'd' });
    }
    expect(currencies).toEqual(['EUR', 'ZMW']);
  });

  it.each([
    [
      { MTN_MOMO_BASE_URL: mtn.MTN_MOMO_BASE_URL, ...withCallbacks },
      'MTN_MOMO_API_KEY: is required to configure MTN MoMo (MTN_MOMO_BASE_URL is set)',
    ],
    [{ ...mtn, ...withCallbacks, MTN_MOMO_API_USER: 'tiyende' }, 'MTN_MOMO_API_USER: must be the API user’s UUID'],
    [
      { ...mtn, PAYMENTS_CALLBACK_BASE_URL: withCallbacks.PAYMENTS_CALLBACK_BASE_URL },
      'PAYMENTS_CALLBACK_SECRET: is required with a real payment provider',
    ],
    [{ ...mtn, PAYMENTS_CALLBACK_SECRET: secret }, 'PAYMENTS_CALLBACK_BASE_URL: is required with a real payment provider'],
    [{ ...mtn, ...withCallbacks, PAYMENTS_CALLBACK_SECRET: 'short' }, 'PAYMENTS_CALLBACK_SECRET: must be at least 32 characters'],
    [
      { ...mtn, ...withCallbacks, MTN_MOMO_TARGET_ENVIRONMENT: 'mtnzambia', PAYMENTS_CALLBACK_BASE_URL: 'http://tiyende.example/cb' },
      'PAYMENTS_CALLBACK_BASE_URL: must be https',
    ],
    [{ ...airtel, AIRTEL_MONEY_CLIENT_SECRET: '   ', ...withCallbacks }, 'AIRTEL_MONEY_CLIENT_SECRET: must not be blank'],
    [{ AIRTEL_MONEY_CALLBACK_PRIVATE_KEY: 'k' }, 'AIRTEL_MONEY_BASE_URL: is required for AIRTEL_MONEY_CALLBACK_PRIVATE_KEY'],
    [{ MTN_MOMO_DISBURSEMENT_API_KEY: 'k' }, 'MTN_MOMO_DISBURSEMENT_API_USER: is required to configure MTN MoMo refunds'],
    [{ PAYMENTS_SANDBOX: 'yes' }, 'PAYMENTS_SANDBOX: '],
  ])('stops start-up naming the variable: %j', (env, message) => {
    expect(() => configured(env as Record<string, string>)).toThrow(message);
  });

  it('refuses to run the sandbox without its database', () =>
    expect(() => paymentProvidersFromEnv({})).toThrow('The sandbox payment provider is on but was given no database'));
});
