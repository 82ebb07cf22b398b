import { z } from 'zod';
import { paymentCommandSchemas } from '../../domain/payment/index.js';
import { entityIdSchema } from '../ride/inputs.js';

const rideRef = z.object({ rideId: entityIdSchema });

/** How the payer will pay: the ride's method unless they chose another; their number and the gateway for mobile money. */
const attemptTerms = paymentCommandSchemas.RetryPayment.pick({ payerPhone: true, gateway: true }).extend({
  method: paymentCommandSchemas.RetryPayment.shape.method.optional(),
});

/**
 * What a caller gives the payment commands that need more than their own data: the handler
 * finds the rest (the ride's parties and fare, the attempt number, the derived references).
 */
export const paymentInputSchemas = {
  RequestPayment: rideRef.extend(attemptTerms.shape),
  RetryPayment: rideRef.extend(attemptTerms.shape).extend({ method: paymentCommandSchemas.RetryPayment.shape.method }),
  RequestRefund: paymentCommandSchemas.RequestRefund.pick({ attempt: true, amountNgwee: true, reason: true }).extend({
    rideId: entityIdSchema,
  }),
} as const;

export type PaymentInputType = keyof typeof paymentInputSchemas;
export type PaymentInput<Type extends PaymentInputType> = z.input<(typeof paymentInputSchemas)[Type]>;
