import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  confirmCashCollected,
  disputeCashPayment,
  loadPayment,
  reportCashNotPaid,
  requestPayment,
  retryPayment,
  type PaymentCommandResult,
} from '../../../commands/payment/index.js';
import {
  DisputeBody,
  PageQuery,
  PayBody,
  ProcessPaymentBody,
  PaymentAnswer,
  PaymentList,
  RideParams,
  RidePayment,
} from '../../../contract/payments.js';
import { isMobileMoneyMethod, paymentMethodCatalogue, type PayableMethod } from '../../../domain/catalogue/payments.js';
import { payableMethodSchema } from '../../../domain/catalogue/schemas.js';
import type { PaymentGatewayId } from '../../../domain/payment/index.js';
import { DomainError } from '../../../domain/shared/index.js';
import { mobileMoneyNetworks } from '../../../domain/catalogue/payments.js';
import { mobileNumberProblem } from '../../../domain/shared/phone.js';
import { paymentOfRide, paymentsOfRider } from '../../../projections/payments/index.js';
import { requireUser, signedInUser } from '../../plugins/auth.js';
import { commandContextFor } from '../../support/commandContext.js';
import { IDEMPOTENT_WRITE, errorResponses, iso } from '../../support/http.js';
import type { ProductRouteDeps } from '../product/deps.js';
import { partyOf, rideFromStream, rideNotFound } from '../rides/rideSources.js';
import { presentPayment, presentPaymentRow, receiptLines } from './presenters.js';

const invalidField = (field: string, message: string) =>
  new DomainError('invalid', `${field}: ${message}`, { issues: [{ field, message }] });

/** The rider's and driver's side of a ride's payment: read it with its receipt, pay, confirm cash, dispute. */
export function ridePaymentRoutes({ commands, db, payments }: ProductRouteDeps): FastifyPluginAsyncZod {
  const answer = (result: PaymentCommandResult) => ({ payment: presentPayment(result.status!, result.state.context, commands.clock.now()) });

  /** The ride, if the signed-in user is on it (or an admin); a stranger gets the same 404 as for no ride. */
  const rideOf = async (request: FastifyRequest, rideId: string) => {
    const snapshot = await rideFromStream(commands.store, rideId);
    const party = snapshot && partyOf(signedInUser(request), snapshot.ride);
    if (!snapshot || !party) throw rideNotFound(rideId);
    return { ride: snapshot.ride, party };
  };

  const pay = async (request: FastifyRequest, rideId: string, body: PayBody) => {
    const { ride } = await rideOf(request, rideId);
    const wanted = body.method ?? ride.payment_method;
    const name = paymentMethodCatalogue.find((entry) => entry.id === wanted)?.name ?? wanted;
    const payable = payableMethodSchema.safeParse(wanted);
    if (!payable.success) throw invalidField('body.method', `${name} cannot be collected; pay in cash or by mobile money`);
    const method = payable.data;
    let terms: { method: PayableMethod; payerPhone?: string; gateway?: PaymentGatewayId } = { method };
    if (isMobileMoneyMethod(method)) {
      const gateway = payments?.providers.gatewayFor[method] ?? null;
      if (gateway === null) throw invalidField('body.method', `${name} is not offered here; pay in cash or by another wallet`);
      const phone = body.phoneNumber;
      if (phone === undefined) throw invalidField('body.phoneNumber', `is required to pay by ${name}`);
      const problem = mobileNumberProblem(phone, mobileMoneyNetworks[method]);
      if (problem !== null) throw invalidField('body.phoneNumber', problem);
      terms = { method, payerPhone: phone, gateway };
    } else if (body.phoneNumber !== undefined) {
      throw invalidField('body.phoneNumber', `is only for mobile money, not ${name}`);
    }
    const context = commandContextFor(request);
    const existing = await loadPayment(commands.store, rideId);
    const result =
      existing.value === 'none'
        ? await requestPayment(commands, { rideId, ...terms }, context)
        : await retryPayment(commands, { rideId, ...terms }, context);
    return answer(result);
  };

  return async (app) => {
    app.get(
      '/api/payments',
      {
        schema: {
          tags: ['payments'],
          summary: "The rider's payments, newest first (`limit`, `before` for the next page)",
          querystring: PageQuery,
          response: { 200: PaymentList, ...errorResponses },
        },
        preValidation: requireUser({ roles: ['passenger'] }),
      },
      async (request) => {
        const { limit, before } = request.query;
        const rows = await paymentsOfRider(db, signedInUser(request).id, { limit, before: before ? new Date(before) : undefined });
        return {
          payments: rows.map(presentPaymentRow),
          nextBefore: rows.length === limit ? iso(rows.at(-1)!.requested_at) : null,
        };
      },
    );

    app.get(
      '/api/rides/:rideId/payment',
      {
        schema: {
          tags: ['payments'],
          summary: "The ride's payment and its receipt (every fare line, the total, the reference and method): for its rider, its driver and admins",
          params: RideParams,
          response: { 200: RidePayment, ...errorResponses },
        },
        preValidation: requireUser({ roles: ['passenger', 'driver', 'admin'] }),
      },
      async (request) => {
        const { rideId } = request.params;
        const { ride } = await rideOf(request, rideId);
        const row = await paymentOfRide(db, rideId);
        // A payment a moment old may not be in the read model yet: the stream has it.
        let payment = row ? presentPaymentRow(row) : null;
        if (payment === null) {
          const state = await loadPayment(commands.store, rideId);
          if (state.value !== 'none') payment = presentPayment(state.value as never, state.context, commands.clock.now());
        }
        return {
          rideId,
          rideStatus: ride.status,
          bookedMethod: ride.payment_method,
          payment,
          receipt: {
            lines: receiptLines(ride.fare_breakdown, ride.quote_total_ngwee, ride.final_fare_ngwee),
            totalNgwee: ride.final_fare_ngwee,
            pickupAddress: ride.pickup_address,
            dropoffAddress: ride.dropoff_address,
            completedAt: ride.completed_at ? iso(ride.completed_at) : null,
          },
        };
      },
    );

    app.post(
      '/api/rides/:rideId/payment',
      {
        schema: {
          tags: ['payments'],
          summary:
            'The rider pays a completed ride: by mobile money (approve the request on your phone; no PIN is ever sent here) or in cash; again after a decline or an expiry, by any method',
          description: IDEMPOTENT_WRITE,
          params: RideParams,
          body: PayBody,
          response: { 200: PaymentAnswer, ...errorResponses },
        },
        preValidation: requireUser({ roles: ['passenger'] }),
      },
      async (request) => pay(request, request.params.rideId, request.body),
    );

    app.post(
      '/api/payments/process',
      {
        schema: {
          tags: ['payments'],
          summary:
            "The payments page's form: pay one of your completed rides (as POST /api/rides/:rideId/payment). A PIN is refused: approve the request on your phone",
          description: IDEMPOTENT_WRITE,
          body: ProcessPaymentBody,
          response: { 200: PaymentAnswer, ...errorResponses },
        },
        preValidation: requireUser({ roles: ['passenger'] }),
      },
      async (request) => {
        const { rideId, paymentMethod, phoneNumber } = request.body;
        return pay(request, rideId, { method: paymentMethod, phoneNumber });
      },
    );

    const driverStep = (path: string, summary: string, run: typeof confirmCashCollected) =>
      app.post(
        path,
        {
          schema: { tags: ['payments'], summary, description: IDEMPOTENT_WRITE, params: RideParams, response: { 200: PaymentAnswer, ...errorResponses } },
          preValidation: requireUser({ roles: ['driver'] }),
        },
        async (request) => {
          const { rideId } = request.params;
          await rideOf(request, rideId);
          return answer(await run(commands, { rideId }, commandContextFor(request)));
        },
      );
    driverStep('/api/rides/:rideId/payment/cash-collected', 'The ride’s driver took the fare in cash: the ride is paid', confirmCashCollected);
    driverStep('/api/rides/:rideId/payment/cash-not-paid', 'The ride’s driver reports the rider did not pay the cash', reportCashNotPaid);

    app.post(
      '/api/rides/:rideId/payment/dispute',
      {
        schema: {
          tags: ['payments'],
          summary: 'The rider says they paid the cash the driver has not confirmed (or reported unpaid); an admin decides',
          description: IDEMPOTENT_WRITE,
          params: RideParams,
          body: DisputeBody,
          response: { 200: PaymentAnswer, ...errorResponses },
        },
        preValidation: requireUser({ roles: ['passenger'] }),
      },
      async (request) => {
        const { rideId } = request.params;
        await rideOf(request, rideId);
        return answer(await disputeCashPayment(commands, { rideId, reason: request.body.reason }, commandContextFor(request)));
      },
    );
  };
}
