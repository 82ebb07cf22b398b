import { z } from 'zod';
import { cityIds } from '../domain/catalogue/index.js';
import { vehicleIdSchema } from '../domain/catalogue/schemas.js';
import { cancellationReasons, openRideStatuses } from '../domain/ride/index.js';
import { Ngwee } from './primitives.js';

/**
 * The contract of GET /api/admin/analytics (JSON) and GET /api/admin/analytics/:dataset.csv, which
 * the admin portal's analytics page is built against. Days are Lusaka calendar days (UTC+2).
 */

const Day = z.iso.date({ error: 'must be a calendar day as YYYY-MM-DD' });

export const AnalyticsQuery = z.object({
  from: Day.optional().describe('First Lusaka day, included (default: 29 days before `to`)'),
  to: Day.optional().describe('Last Lusaka day, included (default: today); at most 366 days after `from`'),
  city: z.enum(cityIds, { error: `city must be one of ${cityIds.join(', ')}` }).optional(),
  vehicleType: vehicleIdSchema.optional(),
});

export const analyticsDatasets = ['ridesPerDay', 'timeToAssignment', 'bids', 'cancellations', 'revenue', 'payments', 'demand'] as const;
export type AnalyticsDataset = (typeof analyticsDatasets)[number];

export const AnalyticsCsvParams = z.object({
  dataset: z.enum(analyticsDatasets, { error: `dataset must be one of ${analyticsDatasets.join(', ')}` }),
});

const Count = z.int().nonnegative();

export const RidesPerDayLine = z.object({
  day: z.iso.date(),
  city: z.string(),
  vehicleType: z.string(),
  requested: Count.describe('Rides that started looking for a driver that day (booked for now, or a scheduled ride dispatched)'),
  completed: Count,
  cancelled: Count,
  expired: Count.describe('Searches that ended with no driver'),
});

export const TimeToAssignmentLine = z.object({
  day: z.iso.date().describe('The day the rides were requested'),
  assigned: Count.describe('Rides requested that day that got a driver'),
  medianSeconds: z.number().nullable().describe('From request to driver assigned; null when none was assigned'),
  p90Seconds: z.number().nullable(),
});

export const BidsLine = z.object({
  day: z.iso.date().describe('The day the bids were placed'),
  ridesWithBids: Count,
  bidsPlaced: Count,
  bidsAccepted: Count,
  bidsRejected: Count,
  bidsWithdrawn: Count,
  bidsExpired: Count,
  bidsPerRide: z.number().describe('Bids placed per ride that had any'),
  acceptanceRate: z.number().min(0).max(1).describe('Bids accepted / bids placed'),
});

export const CancellationLine = z.object({
  reasonCode: z.enum(cancellationReasons).describe('Why, as a code: the same choice counts once whatever language the canceller used'),
  stage: z.enum(openRideStatuses).describe('The ride state when cancelled'),
  cancelledBy: z.enum(['rider', 'driver', 'admin', 'system']),
  count: Count,
});

export const RevenueLine = z.object({
  day: z.iso.date().describe('The day the rides were completed'),
  completedRides: Count,
  revenueNgwee: Ngwee.describe('Fares of completed rides'),
  driverEarningsNgwee: Ngwee.describe("The drivers' 88 %"),
  commissionNgwee: Ngwee.describe("The platform's 12 %"),
});

export const PaymentsLine = z.object({
  day: z.iso.date().describe('The day the payments settled (cash confirmed by the driver, mobile money approved by the payer)'),
  method: z.string().describe('How the rides were paid: cash, mtn_money, airtel_money or zamtel_kwacha'),
  paidRides: Count.describe('Rides paid (a ride refunded in full is not counted)'),
  revenueNgwee: Ngwee.describe('Money taken, less refunds'),
  commissionNgwee: Ngwee.describe("The platform's 12 %"),
  driverEarningsNgwee: Ngwee.describe("The drivers' 88 %"),
  owedToDriversNgwee: Ngwee.describe("Mobile money that reached the platform: the drivers' share it owes them"),
  owedByDriversNgwee: Ngwee.describe('Cash that stayed with the drivers: the commission they owe the platform'),
  driversPaid: Count.describe('Distinct drivers paid that day by this method'),
});

export const DemandLine = z.object({
  cell: z.string().describe('H3 cell (resolution 8) of the pickups'),
  lat: z.number().describe("The cell's centre"),
  lng: z.number(),
  hour: z.int().min(0).max(23).describe('Hour of the Lusaka day'),
  requests: Count,
});

export const AnalyticsReport = z.object({
  from: z.iso.date(),
  to: z.iso.date(),
  ridesPerDay: z.array(RidesPerDayLine),
  timeToAssignment: z.array(TimeToAssignmentLine),
  bids: z.array(BidsLine),
  cancellations: z.array(CancellationLine),
  revenue: z.array(RevenueLine),
  payments: z.array(PaymentsLine).describe('Payments settled per day and method over `from`–`to`: not split by city or vehicle type, so those filters leave it whole'),
  demand: z.array(DemandLine),
});
export type AnalyticsReport = z.infer<typeof AnalyticsReport>;

export const AnalyticsCsv = z.string().describe('text/csv: a header row, then one row per line of the dataset');

// — the same shapes as types: answers as the client receives them, requests (Body, Query, Params) as it sends them —

export type AnalyticsQuery = z.input<typeof AnalyticsQuery>;
export type AnalyticsCsvParams = z.input<typeof AnalyticsCsvParams>;
export type RidesPerDayLine = z.infer<typeof RidesPerDayLine>;
export type TimeToAssignmentLine = z.infer<typeof TimeToAssignmentLine>;
export type BidsLine = z.infer<typeof BidsLine>;
export type CancellationLine = z.infer<typeof CancellationLine>;
export type RevenueLine = z.infer<typeof RevenueLine>;
export type PaymentsLine = z.infer<typeof PaymentsLine>;
export type DemandLine = z.infer<typeof DemandLine>;
export type AnalyticsCsv = z.infer<typeof AnalyticsCsv>;
