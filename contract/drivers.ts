import { z } from 'zod';
import { vehicleIds } from '../domain/catalogue/index.js';
import { vehicleIdSchema } from '../domain/catalogue/schemas.js';
import { driverDocumentKinds, driverDocumentSchema, vehicleSchema } from '../domain/driverVerification/index.js';
import { COMMISSION_PERCENT } from '../domain/fare/index.js';
import { EntityId, Instant, Ngwee, Uuid, instantQuery, limitQuery } from './primitives.js';

export const VERIFICATION_STATUSES = ['not_applied', 'pending', 'approved', 'rejected', 'suspended'] as const;
/** The statuses of someone who has applied: what the admin portal reviews. */
export const REVIEW_STATUSES = ['pending', 'approved', 'rejected', 'suspended'] as const;

const Latitude = z.number({ error: 'must be a number' }).min(-90, 'must be at least -90').max(90, 'must be at most 90');
const Longitude = z.number({ error: 'must be a number' }).min(-180, 'must be at least -180').max(180, 'must be at most 180');

export const DriverParams = z.object({ driverId: EntityId });
export const UserParams = z.object({ userId: Uuid });

export const DriverVehicle = z.object({
  make: z.string(),
  model: z.string(),
  year: z.int().nullable(),
  colour: z.string(),
  plateNumber: z.string(),
  type: z.enum(vehicleIds),
});

export const DriverDocument = z.object({ kind: z.enum(driverDocumentKinds), reference: z.string(), expiresOn: z.iso.date() });

/** The whole profile: for the driver themself and for admins. */
export const DriverProfile = z.object({
  driverId: z.string(),
  userId: z.string().nullable(),
  verificationStatus: z.enum(VERIFICATION_STATUSES),
  licenceNumber: z.string().nullable(),
  vehicle: DriverVehicle.nullable(),
  documents: z.array(DriverDocument),
  applications: z.int(),
  submittedAt: Instant.nullable(),
  decidedAt: Instant.nullable(),
  decisionReason: z.string().nullable().describe('Why the latest rejection or suspension happened'),
  isOnline: z.boolean(),
  onDutyVehicleType: z.string().nullable(),
  engagedRideId: z.string().nullable(),
  rating: z.number().nullable().describe("Riders' average stars, one decimal; null before the first rating"),
  ratingCount: z.int(),
  completedRides: z.int(),
  createdAt: Instant,
  updatedAt: Instant,
});

/** What a rider is shown of their driver (Zambia's e-hailing rules: name, phone, plate, vehicle). */
export const DriverCard = z.object({
  driverId: z.string(),
  fullName: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  vehicle: DriverVehicle.nullable(),
  rating: z.number().nullable(),
  ratingCount: z.int(),
  completedRides: z.int(),
});

export const AvailableQuery = z.object({
  vehicleType: vehicleIdSchema,
  lat: z.coerce.number().min(-90, 'must be at least -90').max(90, 'must be at most 90').optional(),
  lng: z.coerce.number().min(-180, 'must be at least -180').max(180, 'must be at most 180').optional(),
  limit: limitQuery(20, 50),
});

export const AvailableDrivers = z.object({
  vehicleType: z.enum(vehicleIds),
  count: z.int().describe('Every available driver of the type, however many are listed'),
  drivers: z.array(
    z.object({
      driverId: z.string(),
      firstName: z.string().nullable(),
      vehicle: z.object({ make: z.string(), model: z.string(), colour: z.string(), type: z.enum(vehicleIds) }).nullable(),
      rating: z.number().nullable(),
      distanceKm: z.number().nullable().describe('From the given lat/lng to the last reported position, when both are known'),
    }),
  ),
});

export const RegisterDriverBody = z.object({
  licenceNumber: z.string({ error: 'Licence number is required' }).trim().min(1, 'Licence number is required').max(50, 'is too long'),
  vehicle: vehicleSchema,
  documents: z.array(driverDocumentSchema).max(12, 'at most 12 documents'),
});

export const RegisteredDriver = z.object({
  driverId: z.string(),
  verificationStatus: z.enum(VERIFICATION_STATUSES),
  applications: z.int(),
  submittedAt: Instant,
});

const LocationFields = { lat: Latitude, lng: Longitude };

export const StatusBody = z.object({
  isOnline: z.boolean({ error: 'isOnline must be true or false' }),
  location: z.object(LocationFields).optional(),
});

export const DutyStatus = z.object({
  driverId: z.string(),
  status: z.enum(['offline', 'online', 'engaged']),
  isOnline: z.boolean(),
  location: z.object({ ...LocationFields, h3Cell: z.string() }).nullable(),
});

export const LocationBody = z.object({
  ...LocationFields,
  heading: z.number().min(0, 'must be at least 0').max(360, 'must be at most 360').nullable().optional(),
});

export const LocationRecorded = z.object({
  stored: z.boolean().describe('False when a newer position was already stored (pings arrive out of order)'),
  h3Cell: z.string(),
  recordedAt: Instant,
});

const Day = z.iso.date({ error: 'must be a calendar day as YYYY-MM-DD' });

export const EarningsQuery = z
  .object({
    from: Day.optional(),
    to: Day.optional(),
    limit: limitQuery(50, 200),
    before: instantQuery.optional(),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, { path: ['from'], message: 'must not be after to' })
  .refine((query) => !query.from || !query.to || Date.parse(query.to) - Date.parse(query.from) <= 365 * 86_400_000, {
    path: ['to'],
    message: 'must be at most 366 days from from',
  });

const EarningsFigures = z.object({ rides: z.int(), grossNgwee: Ngwee, commissionNgwee: Ngwee, netNgwee: Ngwee });

export const DriverEarnings = z.object({
  driverId: z.string(),
  commissionPercent: z.number().describe(`The platform's share of each fare (${COMMISSION_PERCENT} %)`),
  summary: z.object({
    day: z.iso.date().describe('Today in Lusaka'),
    weekStartsOn: z.iso.date(),
    today: EarningsFigures,
    thisWeek: EarningsFigures,
    total: EarningsFigures,
  }),
  byDay: z.object({ from: z.iso.date(), to: z.iso.date(), days: z.array(EarningsFigures.extend({ day: z.iso.date() })) }),
  rides: z.array(
    z.object({ rideId: z.string(), day: z.iso.date(), settledAt: Instant, method: z.string(), grossNgwee: Ngwee, commissionNgwee: Ngwee, netNgwee: Ngwee }),
  ),
});

// — the same shapes as types: answers as the client receives them, requests (Body, Query, Params) as it sends them —

export type DriverParams = z.input<typeof DriverParams>;
export type UserParams = z.input<typeof UserParams>;
export type DriverVehicle = z.infer<typeof DriverVehicle>;
export type DriverDocument = z.infer<typeof DriverDocument>;
export type DriverProfile = z.infer<typeof DriverProfile>;
export type DriverCard = z.infer<typeof DriverCard>;
export type AvailableQuery = z.input<typeof AvailableQuery>;
export type AvailableDrivers = z.infer<typeof AvailableDrivers>;
export type RegisterDriverBody = z.input<typeof RegisterDriverBody>;
export type RegisteredDriver = z.infer<typeof RegisteredDriver>;
export type StatusBody = z.input<typeof StatusBody>;
export type DutyStatus = z.infer<typeof DutyStatus>;
export type LocationBody = z.input<typeof LocationBody>;
export type LocationRecorded = z.infer<typeof LocationRecorded>;
export type EarningsQuery = z.input<typeof EarningsQuery>;
export type DriverEarnings = z.infer<typeof DriverEarnings>;
