import { z } from 'zod';
import { payableMethodSchema } from '../catalogue/schemas.js';
import { instantSchema, nonBlank } from '../shared/command.js';
import { mobileNetworks, type MobileNetwork } from '../shared/phone.js';
import { cashDisputeOutcomes, paymentFailureReasonSchema, paymentGatewaySchema } from './rules.js';

const rideId = nonBlank;
const attempt = z.number().int().positive();
const positiveNgwee = z.number().int().positive();
const reference = z.uuid();
const networks = Object.keys(mobileNetworks) as [MobileNetwork, ...MobileNetwork[]];

/** Who pays a mobile-money attempt: the MSISDN as providers take it, and its network. */
export const payerSchema = z.object({ msisdn: z.string().regex(/^260\d{9}$/), network: z.enum(networks) });
export type Payer = z.infer<typeof payerSchema>;

/**
 * Every event a payment stream (`payment-<rideId>`) holds, with the version of its data's shape.
 * A payment has attempts (1, 2, …): a declined or expired attempt may be followed by another,
 * by the same method or another one; only one attempt ever settles the ride.
 */
export const paymentEventSchemas = {
  PaymentRequested: {
    version: 1,
    schema: z.object({
      rideId,
      riderId: nonBlank,
      driverId: nonBlank,
      driverUserId: nonBlank,
      attempt,
      method: payableMethodSchema,
      /** The ride's agreed fare. */
      amountNgwee: positiveNgwee,
      currency: z.literal('ZMW'),
      /** Null for cash; for mobile money, whom the provider asks to approve. */
      payer: payerSchema.nullable(),
      gateway: paymentGatewaySchema.nullable(),
      /** Derived from the ride and the attempt, so re-sending the same attempt can never charge twice. */
      providerReference: reference.nullable(),
      /** When an unapproved mobile-money attempt expires; null for cash. */
      expiresAt: instantSchema.nullable(),
      requestedBy: nonBlank,
      requestedAt: instantSchema,
    }),
  },
  /** The provider took the request; the payer is being asked on their phone. */
  PaymentAwaitingApproval: {
    version: 1,
    schema: z.object({ rideId, attempt, providerReference: reference, acceptedAt: instantSchema }),
  },
  PaymentSucceeded: {
    version: 1,
    schema: z.object({
      rideId,
      attempt,
      amountNgwee: positiveNgwee,
      providerReference: reference,
      providerTransactionId: z.string().min(1).nullable(),
      succeededAt: instantSchema,
    }),
  },
  /** Money that came in by another attempt after the ride was already paid: it is owed back. */
  DuplicatePaymentReceived: {
    version: 1,
    schema: z.object({
      rideId,
      attempt,
      amountNgwee: positiveNgwee,
      providerReference: reference,
      providerTransactionId: z.string().min(1).nullable(),
      receivedAt: instantSchema,
    }),
  },
  PaymentFailed: {
    version: 1,
    schema: z.object({
      rideId,
      attempt,
      reason: paymentFailureReasonSchema,
      /** The provider's own words (MTN's reason, Airtel's response code), when it gave any. */
      detail: z.string().nullable(),
      failedAt: instantSchema,
    }),
  },
  PaymentExpired: { version: 1, schema: z.object({ rideId, attempt, expiredAt: instantSchema }) },
  CashCollected: {
    version: 1,
    schema: z.object({ rideId, attempt, amountNgwee: positiveNgwee, collectedBy: nonBlank, collectedAt: instantSchema }),
  },
  /** The rider says they paid the cash the driver has not confirmed (or reported unpaid). */
  CashPaymentDisputed: {
    version: 1,
    schema: z.object({ rideId, attempt, disputedBy: nonBlank, reason: nonBlank, disputedAt: instantSchema }),
  },
  CashDisputeResolved: {
    version: 1,
    schema: z.object({
      rideId,
      attempt,
      outcome: z.enum(cashDisputeOutcomes),
      resolvedBy: nonBlank,
      note: nonBlank,
      resolvedAt: instantSchema,
    }),
  },
  /** An admin waives a payment nothing can still settle. */
  PaymentCancelled: {
    version: 1,
    schema: z.object({ rideId, attempt, cancelledBy: nonBlank, reason: nonBlank, cancelledAt: instantSchema }),
  },
  RefundRequested: {
    version: 1,
    schema: z.object({
      rideId,
      /** The attempt whose money goes back: the one that paid the ride, or a duplicate. */
      attempt,
      refundReference: reference,
      amountNgwee: positiveNgwee,
      reason: nonBlank,
      requestedBy: nonBlank,
      requestedAt: instantSchema,
    }),
  },
  RefundCompleted: {
    version: 1,
    schema: z.object({
      rideId,
      attempt,
      refundReference: reference,
      amountNgwee: positiveNgwee,
      providerTransactionId: z.string().min(1).nullable(),
      completedAt: instantSchema,
    }),
  },
  RefundFailed: {
    version: 1,
    schema: z.object({ rideId, attempt, refundReference: reference, detail: nonBlank, failedAt: instantSchema }),
  },
} as const;

type Schemas = typeof paymentEventSchemas;
export type PaymentEventType = keyof Schemas;
export type PaymentEventOf<Type extends PaymentEventType> = { type: Type; data: z.infer<Schemas[Type]['schema']> };
export type PaymentEvent = { [Type in PaymentEventType]: PaymentEventOf<Type> }[PaymentEventType];

export const paymentEventTypes = Object.keys(paymentEventSchemas) as PaymentEventType[];

export const isPaymentEventType = (type: string): type is PaymentEventType => Object.hasOwn(paymentEventSchemas, type);

/** Checks a stored or incoming event against its schema; throws a ZodError naming the field. */
export function parsePaymentEvent(event: { type: string; data: unknown }): PaymentEvent {
  if (!isPaymentEventType(event.type)) throw new Error(`Unknown payment event type '${event.type}'`);
  const data = paymentEventSchemas[event.type].schema.parse(event.data);
  return { type: event.type, data } as PaymentEvent;
}
