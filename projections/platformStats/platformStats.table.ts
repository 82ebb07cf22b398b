import type { ColumnType, Insertable, Selectable } from 'kysely';

type Day = ColumnType<Date, string, string>;
/** bigint: read back as a string. */
type Money = ColumnType<string, number, never>;

/** Per Lusaka day: rides that started looking for a driver, how they ended, and the fares taken. */
export interface PlatformDailyTable {
  day: Day;
  rides_requested: number;
  rides_completed: number;
  rides_cancelled: number;
  rides_expired: number;
  revenue_ngwee: Money;
  commission_ngwee: Money;
}

/**
 * The running totals, one row (`scope = 'all'`). `applied_position` is the last `$all` position
 * folded in: counters cannot tell an event they have already counted, so the row remembers how
 * far it got and a repeated event is skipped.
 */
export interface PlatformTotalsTable {
  scope: 'all';
  rides_total: number;
  live_rides: number;
  scheduled_rides: number;
  completed_rides: number;
  revenue_ngwee: Money;
  commission_ngwee: Money;
  drivers_total: number;
  drivers_pending: number;
  drivers_approved: number;
  drivers_rejected: number;
  drivers_suspended: number;
  drivers_online: number;
  applied_position: string;
}

export type PlatformTotalsRow = Selectable<PlatformTotalsTable>;
export type InsertablePlatformDailyRow = Insertable<PlatformDailyTable>;
export type InsertablePlatformTotalsRow = Insertable<PlatformTotalsTable>;

export interface PlatformStatsTables {
  rm_platform_daily: PlatformDailyTable;
  rm_platform_totals: PlatformTotalsTable;
}
