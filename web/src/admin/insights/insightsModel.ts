import { paymentMethodIds } from '../../../../domain/catalogue/payments.js';
import type { Analytics } from './analyticsApi.js';
import { daysBetween } from './analyticsSearch.js';

/** One row per day of the range, the read models' days filled in and the days they lack made of `empty`. */
export function everyDay<Row extends { day: string }>(rows: readonly Row[], from: string, to: string, empty: (day: string) => Row): Row[] {
  const byDay = new Map(rows.map((row) => [row.day, row]));
  return daysBetween(from, to).map((day) => byDay.get(day) ?? empty(day));
}

export interface RidesOnDay {
  day: string;
  requested: number;
  completed: number;
  cancelled: number;
  expired: number;
}

/** Rides per day over every city and vehicle type in the answer (the filters already narrowed it). */
export function ridesByDay(analytics: Pick<Analytics, 'ridesPerDay' | 'from' | 'to'>): RidesOnDay[] {
  const totals = new Map<string, RidesOnDay>();
  for (const line of analytics.ridesPerDay) {
    const day = totals.get(line.day) ?? { day: line.day, requested: 0, completed: 0, cancelled: 0, expired: 0 };
    totals.set(line.day, {
      day: line.day,
      requested: day.requested + line.requested,
      completed: day.completed + line.completed,
      cancelled: day.cancelled + line.cancelled,
      expired: day.expired + line.expired,
    });
  }
  return everyDay([...totals.values()], analytics.from, analytics.to, (day) => ({ day, requested: 0, completed: 0, cancelled: 0, expired: 0 }));
}

export interface AnalyticsSummary {
  requested: number;
  completed: number;
  cancelled: number;
  expired: number;
  revenueNgwee: number;
  driverEarningsNgwee: number;
}

const sum = <Row>(rows: readonly Row[], pick: (row: Row) => number) => rows.reduce((total, row) => total + pick(row), 0);

export function summaryOf(analytics: Pick<Analytics, 'ridesPerDay' | 'revenue'>): AnalyticsSummary {
  return {
    requested: sum(analytics.ridesPerDay, (line) => line.requested),
    completed: sum(analytics.ridesPerDay, (line) => line.completed),
    cancelled: sum(analytics.ridesPerDay, (line) => line.cancelled),
    expired: sum(analytics.ridesPerDay, (line) => line.expired),
    revenueNgwee: sum(analytics.revenue, (line) => line.revenueNgwee),
    driverEarningsNgwee: sum(analytics.revenue, (line) => line.driverEarningsNgwee),
  };
}

/** Money taken on one day, every payment method added together. */
export interface PaymentsOnDay {
  day: string;
  paidRides: number;
  revenueNgwee: number;
  commissionNgwee: number;
  driverEarningsNgwee: number;
}

const noPayments = (day: string): PaymentsOnDay => ({ day, paidRides: 0, revenueNgwee: 0, commissionNgwee: 0, driverEarningsNgwee: 0 });

/** Payments settled per day over every method, every day of the range shown (drivers paid do not add up across methods, so they are left out). */
export function paymentsByDay(analytics: Pick<Analytics, 'payments' | 'from' | 'to'>): PaymentsOnDay[] {
  const totals = new Map<string, PaymentsOnDay>();
  for (const line of analytics.payments) {
    const day = totals.get(line.day) ?? noPayments(line.day);
    totals.set(line.day, {
      day: line.day,
      paidRides: day.paidRides + line.paidRides,
      revenueNgwee: day.revenueNgwee + line.revenueNgwee,
      commissionNgwee: day.commissionNgwee + line.commissionNgwee,
      driverEarningsNgwee: day.driverEarningsNgwee + line.driverEarningsNgwee,
    });
  }
  return everyDay([...totals.values()], analytics.from, analytics.to, noPayments);
}

/** The period's money per payment method, with what is owed each way. */
export interface PaymentsByMethod extends Omit<PaymentsOnDay, 'day'> {
  method: string;
  owedToDriversNgwee: number;
  owedByDriversNgwee: number;
}

/** The known methods in the catalogue's order; a method it does not know comes after them. */
const methodOrder: readonly string[] = paymentMethodIds;
const methodRank = (method: string) => (methodOrder.includes(method) ? methodOrder.indexOf(method) : methodOrder.length);

/** The period's payments per method (cash first, then the wallets), each over all its days. */
export function paymentsByMethod(payments: Analytics['payments']): PaymentsByMethod[] {
  const methods = new Map<string, PaymentsByMethod>();
  for (const line of payments) {
    const total = methods.get(line.method) ?? { method: line.method, paidRides: 0, revenueNgwee: 0, commissionNgwee: 0, driverEarningsNgwee: 0, owedToDriversNgwee: 0, owedByDriversNgwee: 0 };
    methods.set(line.method, {
      method: line.method,
      paidRides: total.paidRides + line.paidRides,
      revenueNgwee: total.revenueNgwee + line.revenueNgwee,
      commissionNgwee: total.commissionNgwee + line.commissionNgwee,
      driverEarningsNgwee: total.driverEarningsNgwee + line.driverEarningsNgwee,
      owedToDriversNgwee: total.owedToDriversNgwee + line.owedToDriversNgwee,
      owedByDriversNgwee: total.owedByDriversNgwee + line.owedByDriversNgwee,
    });
  }
  return [...methods.values()].sort((a, b) => methodRank(a.method) - methodRank(b.method) || a.method.localeCompare(b.method));
}

/** One method's money taken on each day of the range (0 on a day it took nothing), for the chart's stacked bars. */
export function methodRevenueByDay(analytics: Pick<Analytics, 'payments' | 'from' | 'to'>, method: string): number[] {
  const byDay = new Map(analytics.payments.filter((line) => line.method === method).map((line) => [line.day, line.revenueNgwee]));
  return daysBetween(analytics.from, analytics.to).map((day) => byDay.get(day) ?? 0);
}

export interface DemandCell {
  cell: string;
  lat: number;
  lng: number;
  requests: number;
}

/** Requests per H3 cell, in one hour of the day or over all of them (`hour` null), the busiest first. */
export function demandByCell(demand: Analytics['demand'], hour: number | null): DemandCell[] {
  const cells = new Map<string, DemandCell>();
  for (const row of demand) {
    if (hour !== null && row.hour !== hour) continue;
    const cell = cells.get(row.cell) ?? { cell: row.cell, lat: row.lat, lng: row.lng, requests: 0 };
    cells.set(row.cell, { ...cell, requests: cell.requests + row.requests });
  }
  return [...cells.values()].sort((a, b) => b.requests - a.requests || a.cell.localeCompare(b.cell));
}

/** Seconds as minutes to one decimal (charts and tables speak minutes); null stays null (no assignment that day). */
export const minutesOf = (seconds: number | null): number | null => (seconds === null ? null : Math.round(seconds / 6) / 10);

/** Ngwee as kwacha, for chart axes (the tables format money themselves). */
export const kwachaOf = (ngwee: number): number => ngwee / 100;

/** A 0–1 rate as a percentage to one decimal. */
export const percentOf = (rate: number | null): number | null => (rate === null ? null : Math.round(rate * 1000) / 10);
