import type { Kysely } from 'kysely';
import type pg from 'pg';
import type { MobileMoneyMethod } from '../domain/catalogue/payments.js';
import { mobileMoneyNetworks } from '../domain/catalogue/payments.js';
import { mobileNumberProblem } from '../domain/shared/phone.js';
import type { PaymentRequestWiring } from '../commands/payment/paymentRequestReactor.js';
import { createKysely } from '../platform/database/connect.js';
import { migrateToLatest } from '../platform/database/migrate.js';
import { paymentProvidersFromEnv, sandboxPaymentMigrations, type PaymentProviders, type SandboxDatabase } from '../platform/payments/index.js';
import type { Fetch } from '../platform/payments/http.js';
import { findUserById, type AccountsDatabase } from '../accounts/index.js';
import { savedMethodsOf, type ProductDatabase } from '../product/index.js';

export interface PaymentsSetup {
  providers: PaymentProviders;
  /** Whom the platform asks to approve a completed ride's mobile-money payment, and through which gateway. */
  requests: PaymentRequestWiring;
}

/**
 * The payment providers the environment configures (the sandbox by default outside production,
 * its tables migrated), and how a completed ride finds its payer: the rider's default saved
 * account for that wallet, else their first saved one, else the phone on their account, whichever
 * is a number on the wallet's network.
 */
export async function paymentsFromEnv(
  env: Record<string, string | undefined>,
  pool: pg.Pool,
  handles: { accounts: Kysely<AccountsDatabase>; product: Kysely<ProductDatabase> },
  fetchImpl?: Fetch,
): Promise<PaymentsSetup> {
  const sandboxDb = createKysely<SandboxDatabase>(pool);
  await migrateToLatest(sandboxDb, 'payments_sandbox', sandboxPaymentMigrations);
  const providers = paymentProvidersFromEnv(env, { sandboxDb, ...(fetchImpl ? { fetch: fetchImpl } : {}) });
  return { providers, requests: payerLookup(providers, handles) };
}

/** Accounts (and their saved payment methods) are keyed by UUID. */
const ACCOUNT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function payerLookup(
  providers: Pick<PaymentProviders, 'gatewayFor'>,
  handles: { accounts: Kysely<AccountsDatabase>; product: Kysely<ProductDatabase> },
): PaymentRequestWiring {
  return {
    gatewayFor: (method) => providers.gatewayFor[method],
    async payerPhoneOf(riderId: string, method: MobileMoneyMethod) {
      // A rider id that names no account (an imported history) has no number to ask: the reactor
      // records why and the rider pays from the app, instead of the reactor stopping on a query error.
      if (!ACCOUNT_ID.test(riderId)) return null;
      const onNetwork = (phone: string | null | undefined) =>
        phone !== null && phone !== undefined && mobileNumberProblem(phone, mobileMoneyNetworks[method]) === null;
      const saved = (await savedMethodsOf(handles.product, riderId)).filter((row) => row.provider === method);
      const account = saved.map((row) => row.account_number).find(onNetwork);
      if (account !== undefined) return account;
      const user = await findUserById(handles.accounts, riderId);
      return onNetwork(user?.phone_number) ? user!.phone_number : null;
    },
  };
}
