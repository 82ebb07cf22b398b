import type { ColumnType, Insertable, Selectable } from 'kysely';
import type { PaymentContext } from '../../domain/payment/attempts.js';
import type { PaymentStatus } from '../../domain/payment/index.js';

type Json<T> = ColumnType<T, string, string>;

/** One row per ride's payment, as riders, drivers and admins read it (its attempts in `context`). */
export interface PaymentTable {
  ride_id: string;
  rider_id: string;
  driver_id: string;
  driver_user_id: string;
  status: PaymentStatus;
  amount_ngwee: number;
  /** The current (latest) attempt. */
  attempt: number;
  method: string;
  gateway: string | null;
  provider_reference: string | null;
  provider_transaction_id: string | null;
  failure_reason: string | null;
  failure_detail: string | null;
  expires_at: Date | null;
  /** The attempt that paid the ride. */
  settled_method: string | null;
  settled_by: string | null;
  settled_at: Date | null;
  refunded_ngwee: number;
  /** Money that came in twice, owed back. */
  owed_back_ngwee: number;
  requested_at: Date;
  updated_at: Date;
  context: Json<PaymentContext>;
  last_revision: string;
}

/** Each attempt that collected nothing: declined, failed, expired, cash reported unpaid. */
export interface PaymentFailureTable {
  ride_id: string;
  attempt: number;
  rider_id: string;
  driver_id: string;
  method: string;
  gateway: string | null;
  reason: string;
  detail: string | null;
  amount_ngwee: number;
  failed_at: Date;
}

export interface PaymentRefundTable {
  refund_reference: string;
  ride_id: string;
  attempt: number;
  rider_id: string;
  amount_ngwee: number;
  reason: string;
  status: 'requested' | 'completed' | 'failed';
  detail: string | null;
  requested_at: Date;
  updated_at: Date;
}

export interface PaymentsTables {
  rm_payments: PaymentTable;
  rm_payment_failures: PaymentFailureTable;
  rm_payment_refunds: PaymentRefundTable;
}

export type PaymentRow = Selectable<PaymentTable>;
export type InsertablePaymentRow = Insertable<PaymentTable>;
export type PaymentFailureRow = Selectable<PaymentFailureTable>;
export type PaymentRefundRow = Selectable<PaymentRefundTable>;
