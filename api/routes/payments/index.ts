import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { paymentProviders, type PaymentProvider } from '../../../domain/catalogue/index.js';
import { DomainError } from '../../../domain/shared/index.js';
import { parseZambianMobile } from '../../../domain/shared/phone.js';
import { requireUser, signedInUser } from '../../plugins/auth.js';
import { errorResponses, iso } from '../../support/http.js';
import { maskAccountNumber, removeMethod, savedMethodsOf, type SavedPaymentMethodRow, saveMethod } from '../../../product/index.js';
import type { ProductRouteDeps } from '../product/deps.js';
import { AddMethodBody, MethodParams, SavedMethod, SavedMethods } from '../../../contract/payments.js';
import { adminPaymentRoutes } from './adminPayments.js';
import { paymentCallbackRoutes } from './callbacks.js';
import { ridePaymentRoutes } from './ridePayments.js';
import { sandboxWalletRoutes } from './sandboxWallet.js';
import { readsFrom } from '../../plugins/readYourWrites.js';
import { paymentsProjection } from '../../../projections/payments/index.js';
import { ridesProjection } from '../../../projections/rides/index.js';

/**
 * Saved payment accounts (an ordinary table: nothing to replay); a ride's payment for its rider and
 * driver; the admins' payments; providers' callbacks; the sandbox's development wallet.
 */
export function paymentsGroup(deps: ProductRouteDeps): FastifyPluginAsyncZod {
  const { commands, db } = deps;
  return async (app) => {
    // What its reads read: a read after a write waits for these read models only.
    readsFrom(app, [paymentsProjection, ridesProjection]);
    app.get(
      '/api/payments/methods',
      {
        schema: {
          tags: ['payments'],
          summary: 'Your saved payment accounts, default first',
          response: { 200: SavedMethods, ...errorResponses },
        },
        preValidation: requireUser(),
      },
      async (request) => ({ methods: (await savedMethodsOf(db, signedInUser(request).id)).map(toSavedMethod) }),
    );

    app.post(
      '/api/payments/methods',
      {
        schema: {
          tags: ['payments'],
          summary:
            'Save a payment account (mobile money: a phone number; bank: an account number; wallet: an account id); unverified at first',
          body: AddMethodBody,
          response: { 201: SavedMethod, ...errorResponses },
        },
        preValidation: requireUser(),
      },
      async (request, reply) => {
        const provider = paymentProviders.find((candidate) => candidate.id === request.body.provider)!;
        const accountNumber = normaliseAccount(provider, request.body.accountNumber);
        const row = await saveMethod(
          db,
          { userId: signedInUser(request).id, provider, accountNumber, makeDefault: request.body.isDefault },
          commands.clock.now(),
        );
        return reply.status(201).send(toSavedMethod(row));
      },
    );

    app.delete(
      '/api/payments/methods/:id',
      {
        schema: {
          tags: ['payments'],
          summary: 'Remove one of your saved accounts',
          params: MethodParams,
          response: { 204: z.null(), ...errorResponses },
        },
        preValidation: requireUser(),
      },
      async (request, reply) => {
        const removed = await removeMethod(db, signedInUser(request).id, request.params.id, commands.clock.now());
        if (!removed) throw new DomainError('not_found', 'You have no saved payment method with this id', { id: request.params.id });
        return reply.status(204).send(null);
      },
    );

    await app.register(ridePaymentRoutes(deps));
    await app.register(adminPaymentRoutes(deps));
    await app.register(paymentCallbackRoutes(deps));
    await app.register(sandboxWalletRoutes(deps));
  };
}

/** The account in one form per kind, so the same account is not saved twice under two spellings. */
function normaliseAccount(provider: PaymentProvider, raw: string): string {
  const invalid = (message: string) =>
    new DomainError('invalid', `accountNumber: ${message}`, { issues: [{ field: 'body.accountNumber', message }] });
  switch (provider.type) {
    case 'mobile_money': {
      const mobile = parseZambianMobile(raw);
      if (mobile === null) throw invalid(`${provider.name} needs a Zambian mobile number such as 0971 234 567`);
      return mobile.e164;
    }
    case 'bank': {
      const digits = raw.replace(/[\s-]/g, '');
      if (!/^\d{8,20}$/.test(digits)) throw invalid('a bank account number is 8 to 20 digits');
      return digits;
    }
    case 'digital_wallet':
      return raw.trim();
  }
}

function toSavedMethod(row: SavedPaymentMethodRow): z.infer<typeof SavedMethod> {
  const provider = paymentProviders.find((candidate) => candidate.id === row.provider);
  return {
    id: row.id,
    type: row.type,
    provider: row.provider as PaymentProvider['id'],
    providerName: provider?.name ?? row.provider,
    accountNumber: maskAccountNumber(row.account_number),
    isDefault: row.is_default,
    isVerified: row.is_verified,
    createdAt: iso(row.created_at),
  };
}
