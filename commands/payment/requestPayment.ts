import { isMobileMoneyMethod } from '../../domain/catalogue/payments.js';
import { payableMethodSchema } from '../../domain/catalogue/schemas.js';
import { currentAttempt, type PaymentCommand } from '../../domain/payment/index.js';
import { rideWireStatus } from '../../domain/ride/status.js';
import { parseOrInvalid } from '../../domain/shared/command.js';
import { DomainError, notAllowedInState } from '../../domain/shared/errors.js';
import type { CommandContext } from '../shared/handleCommand.js';
import type { CommandServices } from '../shared/services.js';
import { loadRide } from '../ride/loadRide.js';
import { decideOnPayment, loadPayment, type PaymentCommandResult } from './decideOnPayment.js';
import { paymentInputSchemas, type PaymentInput } from './inputs.js';
import { providerReferenceFor, refundReferenceFor } from './references.js';

/** How an attempt will be paid, with the reference derived from the ride and the attempt for mobile money. */
function termsFor(rideId: string, attempt: number, input: { method: string; payerPhone?: string; gateway?: string }) {
  const method = payableMethodSchema.safeParse(input.method);
  if (!method.success) {
    throw new DomainError('invalid', `method: ${input.method} cannot be collected; pay in cash or by mobile money`, { field: 'method' });
  }
  if (!isMobileMoneyMethod(method.data)) return { method: method.data };
  return {
    method: method.data,
    payerPhone: input.payerPhone,
    gateway: input.gateway,
    providerReference: providerReferenceFor(rideId, attempt),
  };
}

/**
 * A completed ride's fare is asked for: by the payment reactor when the trip completes, or by the
 * rider. The amount is the ride's agreed fare and the method the ride's, unless another is chosen.
 */
export async function requestPayment(
  services: CommandServices,
  input: PaymentInput<'RequestPayment'>,
  context: CommandContext,
): Promise<PaymentCommandResult> {
  const { rideId, method, payerPhone, gateway } = parseOrInvalid(paymentInputSchemas.RequestPayment, input);
  const { state: ride } = await loadRide(services.store, rideId);
  const { booking, driver, finalFareNgwee } = ride.context;
  if (booking === null) throw new DomainError('not_found', `ride ${rideId} was not found`, { rideId });
  const status = rideWireStatus(ride);
  if (status !== 'completed' || driver === null || finalFareNgwee === null) throw notAllowedInState('RequestPayment', `ride is ${status}`);
  const data = {
    rideId,
    riderId: booking.riderId,
    driverId: driver.driverId,
    driverUserId: driver.userId,
    amountNgwee: finalFareNgwee,
    ...termsFor(rideId, 1, { method: method ?? booking.paymentMethod, payerPhone, gateway }),
  };
  return decideOnPayment(services, { type: 'RequestPayment', actor: context.actor, data } as PaymentCommand, context);
}

/** After a decline or an expiry, the next attempt: its own reference, by any method. */
export async function retryPayment(
  services: CommandServices,
  input: PaymentInput<'RetryPayment'>,
  context: CommandContext,
): Promise<PaymentCommandResult> {
  const { rideId, method, payerPhone, gateway } = parseOrInvalid(paymentInputSchemas.RetryPayment, input);
  const payment = await loadPayment(services.store, rideId);
  const attempt = (currentAttempt(payment.context)?.attempt ?? 0) + 1;
  const data = { rideId, ...termsFor(rideId, attempt, { method, payerPhone, gateway }) };
  return decideOnPayment(services, { type: 'RetryPayment', actor: context.actor, data } as PaymentCommand, context);
}

/** An admin sends money back; the refund's reference is derived from the ride and its count. */
export async function requestRefund(
  services: CommandServices,
  input: PaymentInput<'RequestRefund'>,
  context: CommandContext,
): Promise<PaymentCommandResult> {
  const { rideId, attempt, amountNgwee, reason } = parseOrInvalid(paymentInputSchemas.RequestRefund, input);
  const payment = await loadPayment(services.store, rideId);
  const refundReference = refundReferenceFor(rideId, payment.context.refunds.length + 1);
  const data = { rideId, amountNgwee, reason, refundReference, ...(attempt === undefined ? {} : { attempt }) };
  return decideOnPayment(services, { type: 'RequestRefund', actor: context.actor, data } as PaymentCommand, context);
}
