import type { ColumnType, Insertable, Selectable } from 'kysely';

/** A Lusaka calendar day: written as 'YYYY-MM-DD'; the queries read it back as that text. */
type Day = ColumnType<Date, string, string>;
/** bigint sums: read back as strings; the queries turn them into numbers of ngwee. */
type Sum = ColumnType<string, number, number>;

/** Each completed ride once, with what it earned the driver: the ledger the daily totals add up. */
export interface DriverEarningRideTable {
  ride_id: string;
  driver_id: string;
  day: Day;
  completed_at: Date;
  gross_ngwee: number;
  commission_ngwee: number;
  net_ngwee: number;
}

/** Per driver per Lusaka day: completed rides and what they earned. */
export interface DriverEarningsDailyTable {
  driver_id: string;
  day: Day;
  completed_rides: number;
  gross_ngwee: Sum;
  commission_ngwee: Sum;
  net_ngwee: Sum;
}

export type DriverEarningRideRow = Selectable<DriverEarningRideTable>;
export type InsertableDriverEarningRideRow = Insertable<DriverEarningRideTable>;
export type InsertableDriverEarningsDailyRow = Insertable<DriverEarningsDailyTable>;

export interface DriverEarningsTables {
  rm_driver_earning_rides: DriverEarningRideTable;
  rm_driver_earnings_daily: DriverEarningsDailyTable;
}
