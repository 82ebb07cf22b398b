import { z } from 'zod';
import { payableMethods } from '../domain/catalogue/payments.js';
import { paymentProviderIds, providerTypes } from '../domain/catalogue/index.js';
import { paymentProviderIdSchema } from '../domain/catalogue/schemas.js';
import { paymentStatuses } from '../domain/payment/machine.js';
import { cashDisputeOutcomes, paymentFailureReasons, paymentGatewayIds } from '../domain/payment/rules.js';
import { ZmwAmount } from './money.js';
import { EntityId, Instant, Ngwee, Uuid } from './primitives.js';

/**
 * Payments on the wire: a ride's payment and receipt, what a rider, driver or admin sends to
 * move it on, the admins' lists and reconciliation, and the development wallet of the sandbox.
 * Never a PIN or card number: mobile money is approved on the payer's own phone.
 */

export const PaymentStatus = z.enum(paymentStatuses);
export const PayableMethod = z.enum(payableMethods);
export const PaymentGateway = z.enum(paymentGatewayIds);
export const FailureReason = z.enum([...paymentFailureReasons, 'expired']);

export const PaymentAttempt = z.object({
  attempt: z.int(),
  method: PayableMethod,
  status: z.enum(['requested', 'awaitingApproval', 'succeeded', 'failed', 'expired', 'disputed', 'cancelled']),
  amountNgwee: Ngwee,
  gateway: PaymentGateway.nullable(),
  providerReference: Uuid.nullable(),
  providerTransactionId: z.string().nullable(),
  /** Masked: only the last four digits. */
  payerPhone: z.string().nullable(),
  failureReason: FailureReason.nullable(),
  failureDetail: z.string().nullable(),
  requestedAt: Instant,
  expiresAt: Instant.nullable(),
});

export const Payment = z.object({
  rideId: EntityId,
  riderId: z.string(),
  driverId: z.string(),
  status: PaymentStatus,
  amountNgwee: Ngwee,
  amount: z.number().describe('ZMW'),
  currency: z.literal('ZMW'),
  /** The current attempt's method. */
  method: PayableMethod,
  attempt: z.int(),
  attempts: z.array(PaymentAttempt),
  /** The reference the receipt shows: of the attempt that paid, else of the current one. */
  providerReference: Uuid.nullable(),
  providerTransactionId: z.string().nullable(),
  failureReason: FailureReason.nullable(),
  failureDetail: z.string().nullable(),
  expiresAt: Instant.nullable(),
  settledMethod: PayableMethod.nullable(),
  settledBy: z.enum(['provider', 'driver', 'admin']).nullable(),
  settledAt: Instant.nullable(),
  refundedNgwee: Ngwee,
  owedBackNgwee: Ngwee,
  requestedAt: Instant,
  updatedAt: Instant,
});
export type Payment = z.infer<typeof Payment>;

export const FareLine = z.object({
  /** The fare engine's name for the line (baseFare, distanceFare, serviceFee, …; `agreedAdjustment` for a bid or counter-offer). */
  key: z.string(),
  amountNgwee: Ngwee,
});

/** A ride's payment with its receipt: every fare line and the total the rider pays. */
export const RidePayment = z.object({
  rideId: EntityId,
  rideStatus: z.string(),
  /** The method chosen at booking. */
  bookedMethod: z.string(),
  payment: Payment.nullable(),
  receipt: z.object({
    lines: z.array(FareLine),
    totalNgwee: Ngwee.nullable(),
    pickupAddress: z.string(),
    dropoffAddress: z.string(),
    completedAt: Instant.nullable(),
  }),
});
export type RidePayment = z.infer<typeof RidePayment>;

export const RideParams = z.object({ rideId: EntityId });

/**
 * The rider pays (or pays again after a decline or expiry, or chooses cash). Mobile money needs
 * the number whose wallet is asked; the rider approves the request on that phone.
 */
export const PayBody = z.strictObject({
  method: PayableMethod.optional().describe("The ride's booked method when left out"),
  phoneNumber: z.string().trim().min(1, 'is required for mobile money').max(25, 'must be at most 25 characters').optional(),
});
export type PayBody = z.infer<typeof PayBody>;

export const DisputeBody = z.object({ reason: z.string().trim().min(1, 'is required').max(500, 'must be at most 500 characters') });

export const RefundBody = z.object({
  amount: ZmwAmount,
  reason: z.string().trim().min(1, 'is required').max(500, 'must be at most 500 characters'),
  attempt: z.int().positive().optional().describe('The attempt whose money goes back; the one that paid the ride when left out'),
});

export const ResolveDisputeBody = z.object({
  outcome: z.enum(cashDisputeOutcomes),
  note: z.string().trim().min(1, 'is required').max(500, 'must be at most 500 characters'),
});

export const PageQuery = z.object({
  limit: z.coerce.number().int('must be a whole number').min(1, 'must be at least 1').max(200, 'must be at most 200').default(50),
  before: z.iso.datetime({ offset: true, error: 'must be an ISO 8601 instant' }).optional(),
});

export const PaymentList = z.object({ payments: z.array(Payment), nextBefore: Instant.nullable() });

export const AdminPaymentsQuery = PageQuery.extend({ status: PaymentStatus.optional() });

export const PaymentFailure = z.object({
  rideId: z.string(),
  attempt: z.int(),
  riderId: z.string(),
  driverId: z.string(),
  method: PayableMethod,
  gateway: PaymentGateway.nullable(),
  reason: FailureReason,
  detail: z.string().nullable(),
  amountNgwee: Ngwee,
  failedAt: Instant,
});
export const PaymentFailures = z.object({ failures: z.array(PaymentFailure), nextBefore: Instant.nullable() });

export const Refund = z.object({
  refundReference: Uuid,
  rideId: z.string(),
  attempt: z.int(),
  riderId: z.string(),
  amountNgwee: Ngwee,
  reason: z.string(),
  status: z.enum(['requested', 'completed', 'failed']),
  detail: z.string().nullable(),
  requestedAt: Instant,
  updatedAt: Instant,
});
export const Refunds = z.object({ refunds: z.array(Refund), nextBefore: Instant.nullable() });

export const ReconciliationQuery = z.object({
  since: z.iso.datetime({ offset: true, error: 'must be an ISO 8601 instant' }).optional().describe('Default: the last 7 days'),
  limit: z.coerce.number().int('must be a whole number').min(1, 'must be at least 1').max(500, 'must be at most 500').default(200),
});

export const ReconciliationLine = z.object({
  rideId: z.string(),
  attempt: z.int(),
  reference: Uuid,
  gateway: z.string(),
  method: z.string(),
  amountNgwee: Ngwee,
  requestedAt: Instant,
  ledgerStatus: z.string(),
  providerStatus: z.enum(['pending', 'succeeded', 'failed', 'not_found', 'unknown']),
  providerDetail: z.string().nullable(),
  verdict: z.enum(['match', 'pending', 'healed', 'mismatch', 'unreachable']),
});
export const Reconciliation = z.object({
  since: Instant,
  lines: z.array(ReconciliationLine),
  counts: z.record(z.string(), z.int()),
});

/** What the payment's live channel (and every write) answers with. */
export const PaymentAnswer = z.object({ payment: Payment });

export const SandboxRequest = z.object({
  reference: Uuid,
  rideId: z.string(),
  method: z.string(),
  /** Masked: only the last four digits. */
  msisdn: z.string(),
  amountNgwee: Ngwee,
  description: z.string(),
  status: z.enum(['pending', 'approved', 'declined']),
  requestedAt: Instant,
});
export const SandboxRequests = z.object({ requests: z.array(SandboxRequest) });
export const SandboxParams = z.object({ reference: Uuid });
export const SandboxDeclineBody = z.object({
  reason: z.enum(['declined', 'insufficient_funds', 'payer_limit_reached', 'timed_out']).default('declined'),
});

/** The payments page's form. No amount (the ride's agreed fare is what is owed) and never a PIN. */
export const ProcessPaymentBody = z
  .object({
    rideId: EntityId,
    paymentMethod: PayableMethod.optional(),
    phoneNumber: z.string().trim().min(1, 'is required for mobile money').max(25, 'must be at most 25 characters').optional(),
    pin: z.unknown().optional(),
  })
  .superRefine((body, context) => {
    if (body.pin !== undefined) {
      context.addIssue({ code: 'custom', path: ['pin'], message: 'Tiyende never asks for your PIN: approve the request on your phone' });
    }
  })
  .transform(({ pin: _pin, ...rest }) => rest);

const LedgerTotals = z.object({
  rides: z.int(),
  grossNgwee: Ngwee,
  commissionNgwee: Ngwee,
  netNgwee: Ngwee,
  cash: z.object({ rides: z.int(), grossNgwee: Ngwee, commissionNgwee: Ngwee }),
  mobileMoney: z.object({ rides: z.int(), grossNgwee: Ngwee, netNgwee: Ngwee }),
  owedToDriverNgwee: Ngwee,
  owedByDriverNgwee: Ngwee,
  balanceNgwee: Ngwee.describe('Positive: the platform pays the driver; negative: the driver pays the platform'),
});

/** A driver's week (Monday to Sunday, Lusaka days) from the payments that settled in it: cash vs mobile money, the 12 % commission, what is owed each way. */
export const WeeklyStatement = LedgerTotals.extend({
  driverId: z.string(),
  weekStartsOn: z.string(),
  weekEndsOn: z.string(),
  days: z.array(LedgerTotals.extend({ day: z.string() })),
  lines: z.array(
    z.object({
      rideId: z.string(),
      day: z.string(),
      settledAt: Instant,
      method: PayableMethod,
      grossNgwee: Ngwee,
      commissionNgwee: Ngwee,
      netNgwee: Ngwee,
      owedToDriverNgwee: Ngwee,
      owedByDriverNgwee: Ngwee,
    }),
  ),
});

export const StatementQuery = z.object({
  week: z.iso.date({ error: 'must be a Monday as YYYY-MM-DD' }).optional().describe('The Monday the week starts; this week when left out'),
});

/** A saved payment account (spec 001 §3): masked to its last four characters, with its Default and Verified badges. */
export const SavedMethod = z.object({
  id: z.uuid(),
  type: z.enum(providerTypes),
  provider: z.enum(paymentProviderIds),
  providerName: z.string(),
  accountNumber: z.string().describe('Masked: only the last four characters are shown'),
  isDefault: z.boolean(),
  isVerified: z.boolean().describe('False until the provider confirms the account'),
  createdAt: Instant,
});
export type SavedMethod = z.infer<typeof SavedMethod>;

export const SavedMethods = z.object({ methods: z.array(SavedMethod) });
export type SavedMethods = z.infer<typeof SavedMethods>;

export const AddMethodBody = z.object({
  provider: paymentProviderIdSchema.describe('From GET /api/payments/methods/catalogue'),
  accountNumber: z
    .string({ error: 'Account number is required' })
    .trim()
    .min(3, 'Account number must be at least 3 characters')
    .max(100, 'Account number must be at most 100 characters'),
  isDefault: z.boolean().default(false),
});
export type AddMethodBody = z.input<typeof AddMethodBody>;

export const MethodParams = z.object({ id: Uuid });
