import { z } from 'zod';
import { payableMethodSchema } from '../catalogue/schemas.js';
import { commandSchema, nonBlank } from '../shared/command.js';
import { cashDisputeOutcomes, paymentFailureReasonSchema, paymentGatewaySchema } from './rules.js';

const rideId = nonBlank;
const reference = z.uuid();

/**
 * How an attempt is to be paid. Mobile money needs the payer's number (checked against the
 * method's network), the gateway that will collect it and the reference derived from the ride and
 * the attempt; cash needs none of them.
 */
const attemptTerms = {
  method: payableMethodSchema,
  payerPhone: z.string().trim().min(1).optional(),
  gateway: paymentGatewaySchema.optional(),
  providerReference: reference.optional(),
};

/**
 * The data of each payment command. Amounts and the ride's parties come from the ride's stream
 * (the handler loads them); provider outcomes come from callbacks and status polling.
 */
export const paymentCommandSchemas = {
  RequestPayment: z.object({
    rideId,
    riderId: nonBlank,
    driverId: nonBlank,
    driverUserId: nonBlank,
    /** The ride's agreed fare. */
    amountNgwee: z.number().int().positive(),
    ...attemptTerms,
  }),
  /** A new attempt after a failed or expired one: the same method again, or another. */
  RetryPayment: z.object({ rideId, ...attemptTerms }),
  RecordPaymentAwaitingApproval: z.object({ rideId, providerReference: reference }),
  RecordPaymentSucceeded: z.object({ rideId, providerReference: reference, providerTransactionId: z.string().trim().min(1).nullable() }),
  RecordPaymentFailed: z.object({
    rideId,
    providerReference: reference,
    reason: paymentFailureReasonSchema.exclude(['cash_not_paid']),
    detail: z.string().nullable(),
  }),
  ExpirePayment: z.object({ rideId, attempt: z.number().int().positive() }),
  ConfirmCashCollected: z.object({ rideId }),
  ReportCashNotPaid: z.object({ rideId }),
  DisputeCashPayment: z.object({ rideId, reason: nonBlank.max(500) }),
  ResolveCashDispute: z.object({ rideId, outcome: z.enum(cashDisputeOutcomes), note: nonBlank.max(500) }),
  CancelPayment: z.object({ rideId, reason: nonBlank.max(500) }),
  RequestRefund: z.object({
    rideId,
    /** Which attempt's money goes back; the one that paid the ride when left out. */
    attempt: z.number().int().positive().optional(),
    amountNgwee: z.number().int().positive(),
    reason: nonBlank.max(500),
    refundReference: reference,
  }),
  RecordRefundCompleted: z.object({ rideId, refundReference: reference, providerTransactionId: z.string().trim().min(1).nullable() }),
  RecordRefundFailed: z.object({ rideId, refundReference: reference, detail: nonBlank }),
} as const;

export type PaymentCommandType = keyof typeof paymentCommandSchemas;

export const paymentCommandSchema = z.discriminatedUnion('type', [
  commandSchema('RequestPayment', paymentCommandSchemas.RequestPayment),
  commandSchema('RetryPayment', paymentCommandSchemas.RetryPayment),
  commandSchema('RecordPaymentAwaitingApproval', paymentCommandSchemas.RecordPaymentAwaitingApproval),
  commandSchema('RecordPaymentSucceeded', paymentCommandSchemas.RecordPaymentSucceeded),
  commandSchema('RecordPaymentFailed', paymentCommandSchemas.RecordPaymentFailed),
  commandSchema('ExpirePayment', paymentCommandSchemas.ExpirePayment),
  commandSchema('ConfirmCashCollected', paymentCommandSchemas.ConfirmCashCollected),
  commandSchema('ReportCashNotPaid', paymentCommandSchemas.ReportCashNotPaid),
  commandSchema('DisputeCashPayment', paymentCommandSchemas.DisputeCashPayment),
  commandSchema('ResolveCashDispute', paymentCommandSchemas.ResolveCashDispute),
  commandSchema('CancelPayment', paymentCommandSchemas.CancelPayment),
  commandSchema('RequestRefund', paymentCommandSchemas.RequestRefund),
  commandSchema('RecordRefundCompleted', paymentCommandSchemas.RecordRefundCompleted),
  commandSchema('RecordRefundFailed', paymentCommandSchemas.RecordRefundFailed),
]);

/** A command as callers write it. */
export type PaymentCommand = z.input<typeof paymentCommandSchema>;
/** A command after parsing, as the deciding functions see it. */
export type ParsedPaymentCommand = z.output<typeof paymentCommandSchema>;
export type PaymentCommandOf<Type extends PaymentCommandType> = Extract<ParsedPaymentCommand, { type: Type }>;
