import { isMobileMoneyMethod, type PayableMethod } from '../catalogue/payments.js';
import { splitFare } from '../fare/commission.js';
import { DomainError } from '../shared/errors.js';
import { addDays, lusakaDay, mondayOf, requireDay, type CalendarDay } from '../shared/lusakaCalendar.js';
import { attemptNumbered, refundedNgwee } from './attempts.js';
import type { PaymentState } from './status.js';

/** A ride's payment once it settled, as the driver's ledger reads it. */
export interface SettledPayment {
  rideId: string;
  driverId: string;
  method: PayableMethod;
  amountNgwee: number;
  /** What went back to the rider of the attempt that paid the ride. */
  refundedNgwee: number;
  settledAt: string;
}

/** The settled payment a folded payment stream tells of; null until an attempt paid the ride. */
export function settledPaymentOf(state: PaymentState): SettledPayment | null {
  const { context } = state;
  if (context.settlement === null || context.rideId === null || context.driverId === null) return null;
  const paid = attemptNumbered(context, context.settlement.attempt)!;
  return {
    rideId: context.rideId,
    driverId: context.driverId,
    method: paid.method,
    amountNgwee: paid.amountNgwee,
    refundedNgwee: refundedNgwee(context, paid.attempt),
    settledAt: context.settlement.at,
  };
}

/**
 * One ride in the driver's ledger. The fare the rider kept paying (less refunds) is split 12 % /
 * 88 % (splitFare). Cash stays with the driver, who owes the platform its commission; mobile money
 * reaches the platform, which owes the driver their net.
 */
export interface LedgerLine {
  rideId: string;
  day: CalendarDay;
  settledAt: string;
  method: PayableMethod;
  grossNgwee: number;
  commissionNgwee: number;
  netNgwee: number;
  owedToDriverNgwee: number;
  owedByDriverNgwee: number;
}

export function ledgerLine(payment: SettledPayment): LedgerLine {
  const grossNgwee = payment.amountNgwee - payment.refundedNgwee;
  const { commissionNgwee, netNgwee } = splitFare(grossNgwee);
  const byMobileMoney = isMobileMoneyMethod(payment.method);
  return {
    rideId: payment.rideId,
    day: lusakaDay(payment.settledAt),
    settledAt: payment.settledAt,
    method: payment.method,
    grossNgwee,
    commissionNgwee,
    netNgwee,
    owedToDriverNgwee: byMobileMoney ? netNgwee : 0,
    owedByDriverNgwee: byMobileMoney ? 0 : commissionNgwee,
  };
}

export interface LedgerTotals {
  rides: number;
  grossNgwee: number;
  commissionNgwee: number;
  /** What the driver earned: the fares less the platform's commission. */
  netNgwee: number;
  cash: { rides: number; grossNgwee: number; commissionNgwee: number };
  mobileMoney: { rides: number; grossNgwee: number; netNgwee: number };
  owedToDriverNgwee: number;
  owedByDriverNgwee: number;
  /** Positive: the platform pays the driver this much; negative: the driver pays the platform. */
  balanceNgwee: number;
}

export function ledgerTotals(lines: readonly LedgerLine[]): LedgerTotals {
  const totals: LedgerTotals = {
    rides: 0,
    grossNgwee: 0,
    commissionNgwee: 0,
    netNgwee: 0,
    cash: { rides: 0, grossNgwee: 0, commissionNgwee: 0 },
    mobileMoney: { rides: 0, grossNgwee: 0, netNgwee: 0 },
    owedToDriverNgwee: 0,
    owedByDriverNgwee: 0,
    balanceNgwee: 0,
  };
  for (const line of lines) {
    totals.rides += 1;
    totals.grossNgwee += line.grossNgwee;
    totals.commissionNgwee += line.commissionNgwee;
    totals.netNgwee += line.netNgwee;
    totals.owedToDriverNgwee += line.owedToDriverNgwee;
    totals.owedByDriverNgwee += line.owedByDriverNgwee;
    if (isMobileMoneyMethod(line.method)) {
      totals.mobileMoney.rides += 1;
      totals.mobileMoney.grossNgwee += line.grossNgwee;
      totals.mobileMoney.netNgwee += line.netNgwee;
    } else {
      totals.cash.rides += 1;
      totals.cash.grossNgwee += line.grossNgwee;
      totals.cash.commissionNgwee += line.commissionNgwee;
    }
  }
  totals.balanceNgwee = totals.owedToDriverNgwee - totals.owedByDriverNgwee;
  return totals;
}

export interface WeeklyStatement extends LedgerTotals {
  driverId: string;
  /** A Monday, and the Sunday that ends its week (Lusaka days). */
  weekStartsOn: CalendarDay;
  weekEndsOn: CalendarDay;
  /** The seven days, Monday first, each with its own totals. */
  days: Array<{ day: CalendarDay } & LedgerTotals>;
  lines: LedgerLine[];
}

/**
 * A driver's week (Monday to Sunday, Lusaka days) from the payments that settled in it. A ride
 * refunded in full earned nothing and is left out.
 */
export function weeklyStatement(driverId: string, weekStartsOn: CalendarDay, payments: readonly SettledPayment[]): WeeklyStatement {
  const monday = requireWeekStart(weekStartsOn);
  const weekEndsOn = addDays(monday, 6);
  const lines = payments
    .filter((payment) => payment.driverId === driverId)
    .map(ledgerLine)
    .filter((line) => line.day >= monday && line.day <= weekEndsOn && line.grossNgwee > 0)
    .sort((a, b) => a.settledAt.localeCompare(b.settledAt) || a.rideId.localeCompare(b.rideId));
  const days = Array.from({ length: 7 }, (_, index) => {
    const day = addDays(monday, index);
    return { day, ...ledgerTotals(lines.filter((line) => line.day === day)) };
  });
  return { driverId, weekStartsOn: monday, weekEndsOn, ...ledgerTotals(lines), days, lines };
}

function requireWeekStart(day: CalendarDay): CalendarDay {
  try {
    requireDay(day, 'weekStartsOn');
  } catch (error) {
    throw new DomainError('invalid', (error as Error).message, { field: 'weekStartsOn' });
  }
  if (mondayOf(day) !== day) throw new DomainError('invalid', `weekStartsOn: ${day} is not a Monday`, { field: 'weekStartsOn' });
  return day;
}
