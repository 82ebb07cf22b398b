import type { ColumnType, Insertable, Selectable } from 'kysely';
import type { ProviderFailureReason } from '../port.js';

/** A request-to-pay the built-in sandbox holds until someone approves or declines it on the development wallet. */
export interface SandboxRequestTable {
  reference: string;
  ride_id: string;
  method: string;
  msisdn: string;
  amount_ngwee: number;
  description: string;
  status: 'pending' | 'approved' | 'declined';
  decline_reason: ProviderFailureReason | null;
  transaction_id: string | null;
  requested_at: ColumnType<Date, Date, never>;
  decided_at: Date | null;
  /** How the last attempt to deliver the callback went; polling works whatever it says. */
  callback_delivered_at: Date | null;
  callback_error: string | null;
}

export interface SandboxRefundTable {
  refund_reference: string;
  payment_reference: string;
  amount_ngwee: number;
  transaction_id: string;
  refunded_at: ColumnType<Date, Date, never>;
}

export interface SandboxDatabase {
  sandbox_payment_requests: SandboxRequestTable;
  sandbox_refunds: SandboxRefundTable;
}

export type SandboxRequestRow = Selectable<SandboxRequestTable>;
export type InsertableSandboxRequestRow = Insertable<SandboxRequestTable>;
