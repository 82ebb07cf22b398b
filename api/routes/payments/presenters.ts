import type { z } from 'zod';
import type { Payment, PaymentFailure, Refund, SandboxRequest } from '../../../contract/payments.js';
import { zmwOf } from '../../../contract/money.js';
import {
  attemptNumbered,
  currentAttempt,
  duplicateAttempts,
  refundedNgwee,
  type PaymentContext,
} from '../../../domain/payment/attempts.js';
import type { PaymentStatus } from '../../../domain/payment/index.js';
import type { PaymentFailureRow, PaymentRefundRow, PaymentRow } from '../../../projections/payments/index.js';
import type { SandboxRequestRow } from '../../../platform/payments/index.js';
import { iso } from '../../support/http.js';

/** `260971234567` → `•••• 4567`: enough for the payer to recognise their number, nothing more. */
export const maskedPhone = (msisdn: string): string => `•••• ${msisdn.slice(-4)}`;

/** A payment as its parties see it, from its folded state (after a write) or its read-model row. */
export function presentPayment(status: PaymentStatus, context: PaymentContext, updatedAt: Date): Payment {
  const current = currentAttempt(context)!;
  const paid = context.settlement ? attemptNumbered(context, context.settlement.attempt) : null;
  const shown = paid ?? current;
  return {
    rideId: context.rideId!,
    riderId: context.riderId!,
    driverId: context.driverId!,
    status,
    amountNgwee: context.amountNgwee,
    amount: zmwOf(context.amountNgwee),
    currency: 'ZMW',
    method: current.method,
    attempt: current.attempt,
    attempts: context.attempts.map((attempt) => ({
      attempt: attempt.attempt,
      method: attempt.method,
      status: attempt.status,
      amountNgwee: attempt.amountNgwee,
      gateway: attempt.gateway,
      providerReference: attempt.providerReference,
      providerTransactionId: attempt.providerTransactionId,
      payerPhone: attempt.payer ? maskedPhone(attempt.payer.msisdn) : null,
      failureReason: attempt.status === 'expired' ? 'expired' : (attempt.failure?.reason ?? null),
      failureDetail: attempt.failure?.detail ?? null,
      requestedAt: attempt.requestedAt,
      expiresAt: attempt.expiresAt,
    })),
    providerReference: shown.providerReference,
    providerTransactionId: shown.providerTransactionId,
    failureReason: current.status === 'expired' ? 'expired' : (current.failure?.reason ?? null),
    failureDetail: current.failure?.detail ?? null,
    expiresAt: current.expiresAt,
    settledMethod: context.settlement?.method ?? null,
    settledBy: context.settlement?.confirmedBy ?? null,
    settledAt: context.settlement?.at ?? null,
    refundedNgwee: paid ? refundedNgwee(context, paid.attempt) : 0,
    owedBackNgwee: duplicateAttempts(context).reduce((sum, attempt) => sum + attempt.amountNgwee - refundedNgwee(context, attempt.attempt), 0),
    requestedAt: context.attempts[0]!.requestedAt,
    updatedAt: iso(updatedAt),
  };
}

export const presentPaymentRow = (row: PaymentRow): Payment => presentPayment(row.status, row.context, row.updated_at);

export const presentFailure = (row: PaymentFailureRow): z.infer<typeof PaymentFailure> => ({
  rideId: row.ride_id,
  attempt: row.attempt,
  riderId: row.rider_id,
  driverId: row.driver_id,
  method: row.method as z.infer<typeof PaymentFailure>['method'],
  gateway: row.gateway as z.infer<typeof PaymentFailure>['gateway'],
  reason: row.reason as z.infer<typeof PaymentFailure>['reason'],
  detail: row.detail,
  amountNgwee: row.amount_ngwee,
  failedAt: iso(row.failed_at),
});

export const presentRefund = (row: PaymentRefundRow): z.infer<typeof Refund> => ({
  refundReference: row.refund_reference,
  rideId: row.ride_id,
  attempt: row.attempt,
  riderId: row.rider_id,
  amountNgwee: row.amount_ngwee,
  reason: row.reason,
  status: row.status,
  detail: row.detail,
  requestedAt: iso(row.requested_at),
  updatedAt: iso(row.updated_at),
});

export const presentSandboxRequest = (row: SandboxRequestRow): z.infer<typeof SandboxRequest> => ({
  reference: row.reference,
  rideId: row.ride_id,
  method: row.method,
  msisdn: maskedPhone(row.msisdn),
  amountNgwee: row.amount_ngwee,
  description: row.description,
  status: row.status,
  requestedAt: iso(row.requested_at),
});

/** The fare engine's lines the receipt lists, in order; zero lines are left out. */
const RECEIPT_LINES = [
  'baseFare',
  'distanceFare',
  'timeFare',
  'pickupFee',
  'surgeAdjustment',
  'trafficAdjustment',
  'weatherAdjustment',
  'timeAdjustment',
  'serviceFee',
  'competitiveDiscount',
  'minimumFareTopUp',
] as const;

/**
 * Every line of the ride's fare as quoted, then what the agreement changed (a bid or a
 * counter-offer): the lines always add up to the total the rider pays.
 */
export function receiptLines(breakdown: Record<string, unknown>, quotedTotalNgwee: number, finalFareNgwee: number | null) {
  const lines: Array<{ key: string; amountNgwee: number }> = RECEIPT_LINES.flatMap((key) => {
    const value = breakdown[key];
    if (typeof value !== 'number' || value === 0) return [];
    return [{ key, amountNgwee: key === 'competitiveDiscount' ? -Math.abs(value) : value }];
  });
  const sum = lines.reduce((total, line) => total + line.amountNgwee, 0);
  if (sum !== quotedTotalNgwee) lines.push({ key: 'rounding', amountNgwee: quotedTotalNgwee - sum });
  if (finalFareNgwee !== null && finalFareNgwee !== quotedTotalNgwee) {
    lines.push({ key: 'agreedAdjustment', amountNgwee: finalFareNgwee - quotedTotalNgwee });
  }
  return lines;
}
