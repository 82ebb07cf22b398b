import { describe, expect, it } from 'vitest';
import type { Analytics } from './analyticsApi.js';
import { analyticsQueryString, csvHref } from './analyticsApi.js';
import { validateAnalyticsSearch } from '../../routes/admin/-analyticsSearch.js';
import { addDays, daysBetween, filtersFrom, lusakaDay } from './analyticsSearch.js';
import { demandByCell, everyDay, methodRevenueByDay, minutesOf, paymentsByDay, paymentsByMethod, percentOf, ridesByDay, summaryOf } from './insightsModel.js';

const line = (day: string, city: string, vehicleType: string, requested: number, completed: number, cancelled = 0, expired = 0) => ({ day, city, vehicleType, requested, completed, cancelled, expired });

describe('the analytics filters in the URL', () => {
  it('keep well-formed days, known cities and vehicle types, and drop anything else', () => {
    expect(validateAnalyticsSearch({ from: '2026-03-01', to: '2026-03-31', city: 'kitwe', vehicleType: 'car' })).toEqual({ from: '2026-03-01', to: '2026-03-31', city: 'kitwe', vehicleType: 'car' });
    expect(validateAnalyticsSearch({ from: '2026-02-30', to: 'yesterday', city: 'lusaka', vehicleType: 'spaceship' })).toEqual({});
  });

  it('default to the last 30 Lusaka days, today included', () => {
    // 23:30 UTC on 31 March is already 1 April in Lusaka (UTC+2).
    const now = new Date('2026-03-31T23:30:00Z');
    expect(lusakaDay(now)).toBe('2026-04-01');
    expect(filtersFrom({}, now)).toEqual({ filters: { from: '2026-03-03', to: '2026-04-01' }, problem: null });
    expect(filtersFrom({ to: '2026-01-10', city: 'ndola' }, now).filters).toEqual({ from: '2025-12-12', to: '2026-01-10', city: 'ndola' });
  });

  it('refuse a range that runs backwards or spans more than a year, and ask for a valid one instead', () => {
    const now = new Date('2026-03-31T10:00:00Z');
    expect(filtersFrom({ from: '2026-03-10', to: '2026-03-01' }, now)).toEqual({ filters: { from: '2026-03-01', to: '2026-03-01' }, problem: 'badRange' });
    expect(filtersFrom({ from: '2024-01-01', to: '2026-03-01' }, now)).toEqual({ filters: { from: addDays('2026-03-01', -365), to: '2026-03-01' }, problem: 'badRange' });
  });

  it('name the same slice in the API query and every CSV link', () => {
    const filters = { from: '2026-03-01', to: '2026-03-07', city: 'kitwe' } as const;
    expect(analyticsQueryString(filters)).toBe('from=2026-03-01&to=2026-03-07&city=kitwe');
    expect(csvHref('ridesPerDay', filters)).toBe('/api/admin/analytics/ridesPerDay.csv?from=2026-03-01&to=2026-03-07&city=kitwe');
    expect(csvHref('payments', filters)).toBe('/api/admin/analytics/payments.csv?from=2026-03-01&to=2026-03-07&city=kitwe');
  });

  it('count days across month and leap-year ends', () => {
    expect(daysBetween('2028-02-27', '2028-03-01')).toEqual(['2028-02-27', '2028-02-28', '2028-02-29', '2028-03-01']);
    expect(daysBetween('2026-03-02', '2026-03-01')).toEqual([]);
  });
});

const payment = (day: string, method: string, paidRides: number, revenueNgwee: number, commissionNgwee: number, driverEarningsNgwee: number, owedToDriversNgwee: number, owedByDriversNgwee: number) => ({
  day,
  method,
  paidRides,
  revenueNgwee,
  commissionNgwee,
  driverEarningsNgwee,
  owedToDriversNgwee,
  owedByDriversNgwee,
  driversPaid: paidRides,
});

describe('the analytics figures', () => {
  const analytics: Analytics = {
    from: '2026-03-01',
    to: '2026-03-03',
    ridesPerDay: [line('2026-03-01', 'kitwe', 'car', 3, 2, 1), line('2026-03-01', 'ndola', 'motorcycle', 2, 1, 0, 1), line('2026-03-03', 'kitwe', 'car', 1, 1)],
    timeToAssignment: [],
    bids: [],
    cancellations: [],
    revenue: [
      { day: '2026-03-01', completedRides: 3, revenueNgwee: 15_000, driverEarningsNgwee: 13_200, commissionNgwee: 1_800 },
      { day: '2026-03-03', completedRides: 1, revenueNgwee: 5_000, driverEarningsNgwee: 4_400, commissionNgwee: 600 },
    ],
    payments: [
      payment('2026-03-01', 'mtn_money', 1, 5_000, 600, 4_400, 4_400, 0),
      payment('2026-03-01', 'cash', 2, 8_000, 960, 7_040, 0, 960),
      payment('2026-03-03', 'cash', 1, 3_000, 360, 2_640, 0, 360),
      payment('2026-03-03', 'paypal', 1, 1_000, 120, 880, 880, 0),
    ],
    demand: [
      { cell: '88a', lat: -12.8, lng: 28.2, hour: 7, requests: 2 },
      { cell: '88b', lat: -12.9, lng: 28.6, hour: 7, requests: 1 },
      { cell: '88b', lat: -12.9, lng: 28.6, hour: 17, requests: 4 },
    ],
  };

  it('adds up rides per day over cities and vehicle types, every day of the range shown', () => {
    expect(ridesByDay(analytics)).toEqual([
      { day: '2026-03-01', requested: 5, completed: 3, cancelled: 1, expired: 1 },
      { day: '2026-03-02', requested: 0, completed: 0, cancelled: 0, expired: 0 },
      { day: '2026-03-03', requested: 1, completed: 1, cancelled: 0, expired: 0 },
    ]);
  });

  it('sums the period', () => {
    expect(summaryOf(analytics)).toEqual({ requested: 6, completed: 4, cancelled: 1, expired: 1, revenueNgwee: 20_000, driverEarningsNgwee: 17_600 });
  });

  it('fills the days a read model has no row for', () => {
    const filled = everyDay(analytics.revenue, analytics.from, analytics.to, (day) => ({ day, completedRides: 0, revenueNgwee: 0, driverEarningsNgwee: 0, commissionNgwee: 0 }));
    expect(filled.map((row) => [row.day, row.revenueNgwee])).toEqual([['2026-03-01', 15_000], ['2026-03-02', 0], ['2026-03-03', 5_000]]);
  });

  it('adds up the payments settled per day over every method, every day of the range shown', () => {
    expect(paymentsByDay(analytics)).toEqual([
      { day: '2026-03-01', paidRides: 3, revenueNgwee: 13_000, commissionNgwee: 1_560, driverEarningsNgwee: 11_440 },
      { day: '2026-03-02', paidRides: 0, revenueNgwee: 0, commissionNgwee: 0, driverEarningsNgwee: 0 },
      { day: '2026-03-03', paidRides: 2, revenueNgwee: 4_000, commissionNgwee: 480, driverEarningsNgwee: 3_520 },
    ]);
    expect(paymentsByDay({ ...analytics, payments: [] }).map((row) => row.revenueNgwee)).toEqual([0, 0, 0]);
  });

  it('splits the period’s payments by method, cash first and a method the catalogue lacks last, with what is owed each way', () => {
    expect(paymentsByMethod(analytics.payments)).toEqual([
      { method: 'cash', paidRides: 3, revenueNgwee: 11_000, commissionNgwee: 1_320, driverEarningsNgwee: 9_680, owedToDriversNgwee: 0, owedByDriversNgwee: 1_320 },
      { method: 'mtn_money', paidRides: 1, revenueNgwee: 5_000, commissionNgwee: 600, driverEarningsNgwee: 4_400, owedToDriversNgwee: 4_400, owedByDriversNgwee: 0 },
      { method: 'paypal', paidRides: 1, revenueNgwee: 1_000, commissionNgwee: 120, driverEarningsNgwee: 880, owedToDriversNgwee: 880, owedByDriversNgwee: 0 },
    ]);
    expect(paymentsByMethod([])).toEqual([]);
  });

  it('gives each method’s money per day for the stacked chart, 0 on a day it took nothing', () => {
    expect(methodRevenueByDay(analytics, 'cash')).toEqual([8_000, 0, 3_000]);
    expect(methodRevenueByDay(analytics, 'mtn_money')).toEqual([5_000, 0, 0]);
    expect(methodRevenueByDay(analytics, 'airtel_money')).toEqual([0, 0, 0]);
  });

  it('adds up demand per cell over all hours or within one, the busiest first', () => {
    expect(demandByCell(analytics.demand, null).map((cell) => [cell.cell, cell.requests])).toEqual([['88b', 5], ['88a', 2]]);
    expect(demandByCell(analytics.demand, 7).map((cell) => [cell.cell, cell.requests])).toEqual([['88a', 2], ['88b', 1]]);
    expect(demandByCell(analytics.demand, 3)).toEqual([]);
  });

  it('speaks minutes and percentages', () => {
    expect([minutesOf(95), minutesOf(null), percentOf(0.6667), percentOf(null)]).toEqual([1.6, null, 66.7, null]);
  });
});
