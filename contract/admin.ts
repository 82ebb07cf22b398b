import { z } from 'zod';
import { LANGUAGES, USER_TYPES } from '../domain/account/index.js';
import { rideWireStatuses } from '../domain/ride/index.js';
import { Email, FullName, PhoneNumber } from './accounts.js';
import { cityIds } from '../domain/catalogue/index.js';
import { vehicleIdSchema } from '../domain/catalogue/schemas.js';
import { platformSettingsSchema } from '../domain/platformSettings/index.js';
import { activityKinds } from '../domain/adminActivity/index.js';
import { EntityId, Instant, Ngwee, Uuid, instantQuery, limitQuery } from './primitives.js';
import { DriverProfile, REVIEW_STATUSES } from './drivers.js';

// — dashboard —

export const DashboardStats = z.object({
  totalUsers: z.int(),
  users: z.object({ active: z.int(), passengers: z.int(), drivers: z.int(), admins: z.int(), staff: z.int() }),
  totalDrivers: z.int().describe('Drivers who have applied'),
  activeDrivers: z.int().describe('On duty now'),
  pendingDrivers: z.int(),
  approvedDrivers: z.int(),
  rejectedDrivers: z.int(),
  suspendedDrivers: z.int(),
  verifyDriversUrgent: z.boolean().describe('More than 5 drivers wait for review'),
  activeRides: z.int().describe('Looking for a driver or under way'),
  todayRides: z.int(),
  scheduledRides: z.int(),
  totalRides: z.int(),
  completedRides: z.int(),
  totalRevenueNgwee: Ngwee.describe('Fares of completed rides'),
  revenueTodayNgwee: Ngwee,
  commissionNgwee: Ngwee.describe("The platform's 12 % of those fares"),
  openSupportMessages: z.int(),
  /** Safety incidents not yet resolved (raised or acknowledged), and those nobody has acknowledged yet. */
  openIncidents: z.int(),
  unacknowledgedIncidents: z.int(),
  systemHealth: z.enum(['good', 'issues']),
  readModels: z.array(z.object({ name: z.string(), state: z.enum(['current', 'catching_up', 'stalled', 'missing']) })),
  today: z.iso.date(),
  daily: z.array(
    z.object({
      day: z.iso.date(),
      rides: z.int(),
      completed: z.int(),
      cancelled: z.int(),
      expired: z.int(),
      revenueNgwee: Ngwee,
      commissionNgwee: Ngwee,
    }),
  ),
});

export const DashboardQuery = z.object({
  days: z.coerce.number().int('must be a whole number').min(1, 'must be at least 1').max(92, 'must be at most 92').default(7),
});

// — users —

export const AdminUser = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  username: z.string().nullable(),
  userType: z.enum(USER_TYPES),
  /** Every role the account holds: its userType, and for a rider who also drives, both. */
  roles: z.array(z.enum(USER_TYPES)),
  language: z.enum(LANGUAGES),
  isActive: z.boolean(),
  mfaEnabled: z.boolean(),
  createdAt: Instant,
});

export const UsersQuery = z.object({
  search: z.string().trim().max(100, 'must be at most 100 characters').optional(),
  type: z.enum(USER_TYPES, { error: `type must be one of ${USER_TYPES.join(', ')}` }).optional(),
  limit: limitQuery(100, 500),
  offset: z.coerce.number().int('must be a whole number').min(0, 'must not be negative').default(0),
});

export const UserList = z.object({
  users: z.array(AdminUser),
  counts: z.object({ total: z.int(), active: z.int(), passengers: z.int(), drivers: z.int(), admins: z.int(), staff: z.int() }),
});

export const UserParams = z.object({ userId: Uuid });

/** Admin and staff accounts are made by an operator, never by editing someone into one. */
const EditableUserType = z.enum(['passenger', 'driver'], {
  error: 'userType: only passenger or driver; administrator and staff accounts are created by an operator',
});

export const UpdateUserBody = z
  .object({
    isActive: z.boolean({ error: 'isActive must be true or false' }).optional(),
    name: FullName.optional(),
    email: Email.optional(),
    phone: PhoneNumber.optional(),
    userType: EditableUserType.optional(),
    language: z.enum(LANGUAGES, { error: `Language must be one of ${LANGUAGES.join(', ')}` }).optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), { message: 'give at least one field to change' });

// — drivers —

export const AdminDriver = DriverProfile.extend({
  verificationStatus: z.enum(REVIEW_STATUSES).describe('Only applicants are listed'),
  userName: z.string().nullable(),
  userEmail: z.string().nullable(),
  userPhone: z.string().nullable(),
  decidedBy: z.string().nullable(),
});

export const DriversQuery = z.object({
  search: z.string().trim().max(100, 'must be at most 100 characters').optional(),
  status: z
    .enum(REVIEW_STATUSES, { error: `status must be ${REVIEW_STATUSES.slice(0, -1).join(', ')} or ${REVIEW_STATUSES.at(-1)}` })
    .optional(),
});

export const DriverList = z.object({
  drivers: z.array(AdminDriver),
  counts: z.object({ total: z.int(), pending: z.int(), approved: z.int(), rejected: z.int(), suspended: z.int(), onlineNow: z.int() }),
});

export const DriverParams = z.object({ driverId: EntityId });

const Reason = z
  .string({ error: 'reason is required' })
  .trim()
  .min(3, 'reason must be at least 3 characters')
  .max(500, 'reason must be at most 500 characters');

export const VerifyDriverBody = z
  .object({
    verificationStatus: z.enum(['approved', 'rejected'], { error: 'verificationStatus must be approved or rejected' }),
    reason: Reason.optional().describe('Required to reject: the driver is told why'),
  })
  .refine((body) => body.verificationStatus === 'approved' || body.reason !== undefined, {
    path: ['reason'],
    message: 'a reason is required to reject a driver',
  });

export const SuspendDriverBody = z.object({ reason: Reason });

export const DriverDecision = z.object({
  driverId: z.string(),
  verificationStatus: z.enum(['pending', 'approved', 'rejected', 'suspended']),
  decidedAt: Instant.nullable(),
  reason: z.string().nullable(),
});

// — rides —

export const RidesQuery = z
  .object({
    status: z.enum(rideWireStatuses).optional(),
    city: z.enum(cityIds, { error: `city must be one of ${cityIds.join(', ')}` }).optional(),
    vehicleType: vehicleIdSchema.optional(),
    from: instantQuery.optional().describe('Booked at or after'),
    to: instantQuery.optional().describe('Booked before'),
    limit: limitQuery(50, 200),
    before: instantQuery.optional().describe("Paging: the last row's createdAt"),
  })
  .refine((query) => !query.from || !query.to || query.from < query.to, { path: ['from'], message: 'must be earlier than to' });

const Place = z.object({ address: z.string(), lat: z.number(), lng: z.number() });

export const AdminRide = z.object({
  rideId: z.string(),
  riderId: z.string(),
  driverId: z.string().nullable(),
  status: z.enum(rideWireStatuses),
  vehicleType: z.string(),
  pricingMethod: z.enum(['fixed', 'bidding']),
  city: z.enum(cityIds),
  pickup: Place,
  dropoff: Place,
  paymentMethod: z.string(),
  quoteTotalNgwee: Ngwee,
  proposedFareNgwee: Ngwee.nullable(),
  offeredFareNgwee: Ngwee.nullable(),
  agreedFareNgwee: Ngwee.nullable(),
  finalFareNgwee: Ngwee.nullable(),
  distanceKm: z.number().nullable(),
  durationMinutes: z.number().nullable(),
  emergencyRaised: z.boolean(),
  cancelledBy: z.enum(['rider', 'driver', 'admin', 'system']).nullable(),
  cancelReason: z.string().nullable(),
  riderRatingGiven: z.int().nullable(),
  driverRatingGiven: z.int().nullable(),
  scheduledFor: Instant.nullable(),
  createdAt: Instant,
  acceptedAt: Instant.nullable(),
  completedAt: Instant.nullable(),
  cancelledAt: Instant.nullable(),
  updatedAt: Instant,
});

export const RideList = z.object({ rides: z.array(AdminRide) });

export const RideParams = z.object({ rideId: EntityId });

export const AuditTrail = z.object({
  rideId: z.string(),
  streams: z.array(z.string()).describe('The ride, its bids and its dispatch search'),
  events: z.array(
    z.object({
      streamName: z.string(),
      revision: z.string().describe('0-based position in its stream'),
      type: z.string(),
      time: Instant,
      data: z.record(z.string(), z.unknown()).describe("At the current schema version (upcast), with every PIN masked as '••••'"),
      metadata: z.object({
        userId: z.string().nullable(),
        userName: z.string().nullable().describe("The actor's account name; null for the system or an account since deleted"),
        role: z.string().nullable(),
        correlationId: z.string().nullable(),
        causationId: z.string().nullable(),
        commandId: z.string().nullable(),
        schemaVersion: z.int().nullable(),
      }),
    }),
  ),
});

// — audit log —

export const AuditLogQuery = z.object({
  targetId: z.string().trim().max(100).optional(),
  limit: limitQuery(50, 200),
  before: instantQuery.optional(),
});

export const AuditLog = z.object({
  entries: z.array(
    z.object({
      id: z.uuid(),
      actorUserId: z.string(),
      action: z.string(),
      targetType: z.string(),
      targetId: z.string(),
      changes: z.record(z.string(), z.unknown()),
      correlationId: z.string(),
      at: Instant,
    }),
  ),
});

// — recent activity —

export const ActivityQuery = z.object({ limit: limitQuery(10, 100) });

export const ActivityList = z.object({
  activity: z.array(
    z.object({
      id: z.string().describe("The event's id"),
      at: Instant,
      kind: z.enum(activityKinds),
      actor: z.object({
        userId: z.string().nullable(),
        role: z.string().nullable(),
        name: z.string().nullable().describe("The actor's account name; null for the system or an account since deleted"),
      }),
      subject: z.object({
        type: z.enum(['ride', 'driver', 'settings']),
        id: z.string(),
        label: z.string().nullable().describe("A ride's route, a driver's name and plate; null when not known (yet)"),
      }),
      details: z.object({
        reason: z.string().optional(),
        cancelledBy: z.string().optional(),
        fareNgwee: Ngwee.optional(),
        changed: z.array(z.string()).optional().describe('The settings a change touched'),
        vehicleType: z.string().optional(),
      }),
    }),
  ),
});

// — platform settings —

export const PlatformSettingsBody = platformSettingsSchema
  .partial()
  .strict()
  .refine((body) => Object.values(body).some((value) => value !== undefined), { message: 'give at least one setting to change' })
  .describe('Any of the settings; those left out keep their value');

const SettingRange = z.object({ min: z.int(), max: z.int() });

export const PlatformSettingsView = z.object({
  settings: platformSettingsSchema,
  defaults: platformSettingsSchema,
  limits: z
    .object({ bidWindowSeconds: SettingRange, searchWindowSeconds: SettingRange, scheduledDispatchLeadMinutes: SettingRange })
    .describe('The range each window may be set within'),
  changedAt: Instant.nullable().describe('When an admin last changed anything; null while the defaults apply'),
  changedBy: z.object({ userId: z.string(), name: z.string().nullable() }).nullable(),
});

// — the same shapes as types: answers as the client receives them, requests (Body, Query, Params) as it sends them —

export type DashboardStats = z.infer<typeof DashboardStats>;
export type DashboardQuery = z.input<typeof DashboardQuery>;
export type AdminUser = z.infer<typeof AdminUser>;
export type UsersQuery = z.input<typeof UsersQuery>;
export type UserList = z.infer<typeof UserList>;
export type UserParams = z.input<typeof UserParams>;
export type UpdateUserBody = z.input<typeof UpdateUserBody>;
export type AdminDriver = z.infer<typeof AdminDriver>;
export type DriversQuery = z.input<typeof DriversQuery>;
export type DriverList = z.infer<typeof DriverList>;
export type DriverParams = z.input<typeof DriverParams>;
export type VerifyDriverBody = z.input<typeof VerifyDriverBody>;
export type SuspendDriverBody = z.input<typeof SuspendDriverBody>;
export type DriverDecision = z.infer<typeof DriverDecision>;
export type RidesQuery = z.input<typeof RidesQuery>;
export type AdminRide = z.infer<typeof AdminRide>;
export type RideList = z.infer<typeof RideList>;
export type RideParams = z.input<typeof RideParams>;
export type AuditTrail = z.infer<typeof AuditTrail>;
export type AuditLogQuery = z.input<typeof AuditLogQuery>;
export type AuditLog = z.infer<typeof AuditLog>;
export type ActivityQuery = z.input<typeof ActivityQuery>;
export type ActivityList = z.infer<typeof ActivityList>;
export type PlatformSettingsBody = z.input<typeof PlatformSettingsBody>;
export type PlatformSettingsView = z.infer<typeof PlatformSettingsView>;
