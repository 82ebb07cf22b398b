import type { ColumnType, Insertable, Selectable } from 'kysely';
import type { PaymentContext } from '../../domain/payment/attempts.js';
import type { PaymentStatus } from '../../domain/payment/index.js';

/** A Lusaka calendar day: written as 'YYYY-MM-DD'; the queries read it back as that text. */
type Day = ColumnType<Date, string, string>;
/** bigint sums: read back as strings; the queries turn them into numbers of ngwee. */
type Sum = ColumnType<string, number, number>;
type Json<T> = ColumnType<T, string, string>;

/**
 * Each ride's payment once, as the driver's ledger reads it (domain/payment/ledger.ts ledgerLine):
 * what settled, when and how, the 12 % commission and what is owed each way. The payment's state
 * is kept to fold the next events through the payment machine; a payment not settled yet, or
 * refunded in full, counts nothing (`day` null).
 */
export interface DriverEarningRideTable {
  ride_id: string;
  driver_id: string;
  payment_status: PaymentStatus;
  payment_context: Json<PaymentContext>;
  last_revision: string;
  method: string | null;
  settled_at: Date | null;
  day: Day | null;
  gross_ngwee: number;
  commission_ngwee: number;
  net_ngwee: number;
  /** Mobile money reached the platform: it owes the driver their net. */
  owed_to_driver_ngwee: number;
  /** Cash stayed with the driver: they owe the platform its commission. */
  owed_by_driver_ngwee: number;
}

/** Per driver per Lusaka day: the rides whose payment settled that day, and what they earned. */
export interface DriverEarningsDailyTable {
  driver_id: string;
  day: Day;
  rides: number;
  gross_ngwee: Sum;
  commission_ngwee: Sum;
  net_ngwee: Sum;
  owed_to_driver_ngwee: Sum;
  owed_by_driver_ngwee: Sum;
}

export type DriverEarningRideRow = Selectable<DriverEarningRideTable>;
export type InsertableDriverEarningRideRow = Insertable<DriverEarningRideTable>;

export interface DriverEarningsTables {
  rm_driver_earning_rides: DriverEarningRideTable;
  rm_driver_earnings_daily: DriverEarningsDailyTable;
}
