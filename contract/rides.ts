import { z } from 'zod';
import { packageSizeSchema, paymentMethodIdSchema, vehicleIdSchema } from '../domain/catalogue/schemas.js';
import { BOOKING_LIMITS, cancellationReasons, pricingMethods, rideWireStatuses } from '../domain/ride/index.js';
import { EntityId, Instant, instantQuery, limitQuery } from './primitives.js';
import { DriverCard } from './drivers.js';
import { NgweeOut, ZmwAmount, ZmwOut } from './money.js';
import { RouteView } from './maps.js';

/**
 * The ride routes' wire shapes: the spec's names (§3, §7) for what the booking, tracking and
 * driver screens send and read. Statuses: the spec's wire names (`pending` is the machine's
 * `requested`).
 *
 * Money (details in money.ts): requests send ZMW under the spec's names (`proposedFare`,
 * `offeredFare`), at most 2 decimals. Answers carry each amount twice: the spec's name in ZMW
 * (`agreedFare: 34.5`, exactly ngwee ÷ 100, not rounded for display) and `…Ngwee` beside it
 * (`agreedFareNgwee: 3450`), the integer the server computes with.
 */

const Latitude = z.number({ error: 'must be a number' }).min(-90, 'must be at least -90').max(90, 'must be at most 90');
const Longitude = z.number({ error: 'must be a number' }).min(-180, 'must be at least -180').max(180, 'must be at most 180');
const Address = z
  .string({ error: 'is required' })
  .trim()
  .min(1, 'is required')
  .max(BOOKING_LIMITS.maxAddressLength, `must be at most ${BOOKING_LIMITS.maxAddressLength} characters`);

export const RideParams = z.object({ rideId: EntityId });
export const DriverParams = z.object({ driverId: EntityId });
export const VehicleTypeParams = z.object({ vehicleType: vehicleIdSchema });

// — requests —

const PlaceIn = z.object({ address: Address, lat: Latitude, lng: Longitude });
const StopIn = PlaceIn.extend({
  notes: z.string().trim().max(BOOKING_LIMITS.maxStopNotesLength, `must be at most ${BOOKING_LIMITS.maxStopNotesLength} characters`).nullable().default(null),
});

export const RequestRideBody = z
  .object({
    passengerId: z.string().max(100, 'must be at most 100 characters').optional().describe('Yours, when sent: the session names the rider'),
    vehicleType: vehicleIdSchema,
    pickupLocation: PlaceIn,
    dropoffLocation: PlaceIn,
    multipleDestinations: z.array(StopIn).max(BOOKING_LIMITS.maxStops, `at most ${BOOKING_LIMITS.maxStops} stops`).default([]).describe('Stops on the way, in order'),
    pricingMethod: z.enum(pricingMethods),
    proposedFare: ZmwAmount.nullable()
      .optional()
      .describe("Bidding rides: the rider's opening offer (ZMW), within the quote's bounds. Ignored on a fixed-price ride, whose fare is the server's quote"),
    paymentMethod: paymentMethodIdSchema,
    isScheduled: z.boolean({ error: 'must be true or false' }).default(false),
    scheduledFor: Instant.nullable().optional().describe('When isScheduled: the pickup time (ISO 8601 with offset), in the future'),
    passengerCount: z.int('must be a whole number').min(1, 'must be at least 1').max(BOOKING_LIMITS.maxPassengers, `must be at most ${BOOKING_LIMITS.maxPassengers}`).nullable().optional()
      .describe('Rides: 1 when neither this nor packageSize is sent'),
    packageSize: packageSizeSchema.nullable().optional().describe('Courier services carry packages, never passengers'),
    notes: z.string().trim().max(BOOKING_LIMITS.maxNotesLength, `must be at most ${BOOKING_LIMITS.maxNotesLength} characters`).nullable().optional(),
    notifyContactsAtStart: z
      .boolean({ error: 'must be true or false' })
      .default(false)
      .describe("Text the rider's trusted contacts a link to follow the trip when it starts (chosen with the booking, kept on the ride's trip-share stream)"),
  })
  .superRefine((body, context) => {
    if (body.isScheduled && !body.scheduledFor) {
      context.addIssue({ code: 'custom', path: ['scheduledFor'], message: 'is required when isScheduled is true' });
    }
    if (!body.isScheduled && body.scheduledFor) {
      context.addIssue({ code: 'custom', path: ['scheduledFor'], message: 'must be left out unless isScheduled is true' });
    }
    if (body.pricingMethod === 'bidding' && (body.proposedFare === undefined || body.proposedFare === null)) {
      context.addIssue({ code: 'custom', path: ['proposedFare'], message: 'is required for a bidding ride' });
    }
  });

export const AcceptRideBody = z.object({
  status: z.literal('accepted', { error: "must be 'accepted'; the other steps have their own routes (arrive, start, complete, cancel)" }),
  driverId: EntityId.optional().describe('Yours, when sent'),
});

export const CounterOfferBody = z.object({ offeredFare: ZmwAmount.describe("The rider's new offer (ZMW), within the quote's bounds") });

export const StartTripBody = z.object({ pin: z.string({ error: 'is required' }).regex(/^\d{4}$/, 'must be 4 digits') });

const TripFigure = (max: number) => z.number({ error: 'must be a number' }).min(0, 'must not be negative').max(max, `must be at most ${max}`);
export const CompleteTripBody = z
  .object({
    distanceKm: TripFigure(2000).nullable().optional().describe("As the driver's app measured it"),
    durationMinutes: TripFigure(24 * 60).nullable().optional(),
  })
  .nullish()
  .describe('Optional: a request without a body reports nothing');

export const CancelRideBody = z.object({
  reasonCode: z
    .enum(cancellationReasons, { error: `must be one of ${cancellationReasons.join(', ')}` })
    .optional()
    .describe('Why, as a code analysts count; `other` when left out'),
  reason: z.string({ error: 'is required' }).trim().min(1, 'is required').max(200, 'must be at most 200 characters'),
});

export const RateRideBody = z.object({
  stars: z.int('must be a whole number from 1 to 5').min(1, 'must be 1 to 5').max(5, 'must be 1 to 5'),
  comment: z.string().trim().max(500, 'must be at most 500 characters').nullable().optional(),
});

export const EmergencyBody = z
  .object({ location: z.object({ lat: Latitude, lng: Longitude }).nullable().optional().describe('Where the device is, when it knows') })
  .nullish()
  .describe('Optional');

export const RideListQuery = z.object({
  limit: limitQuery(20, 100),
  before: instantQuery.optional().describe("The last ride's createdAt, for the next page"),
});

// — answers —

const PlaceOut = z.object({ address: z.string(), lat: z.number(), lng: z.number() });
const StopOut = PlaceOut.extend({ notes: z.string().nullable() });
const PartyRating = z.object({ stars: z.int(), comment: z.string().nullable() });

export const RidePin = z
  .object({
    code: z.string().nullable().describe('The 4 digits the rider shows the driver; null unless issued (locked: reissue it)'),
    status: z.enum(['awaiting_driver', 'issued', 'locked', 'used', 'void']),
    attemptsLeft: z.int(),
  })
  .describe('For the rider only: no answer to a driver ever carries it');

export const Ride = z.object({
  id: z.string(),
  status: z.enum(rideWireStatuses),
  progress: z.int().nullable().describe('The tracking bar: 0, 25, 50, 75, 100; null once the ride will not happen'),
  bannerKey: z.string().describe('i18n key of the tracking banner'),
  pinLocked: z.boolean().describe('Too many wrong PINs: the rider must reissue before the trip can start'),
  emergencyActive: z.boolean(),
  passengerId: z.string().nullable().describe('The rider; null in answers to drivers'),
  driverId: z.string().nullable(),
  vehicleType: z.string(),
  pricingMethod: z.enum(pricingMethods),
  paymentMethod: z.string(),
  passengerCount: z.int().nullable(),
  packageSize: z.string().nullable(),
  notes: z.string().nullable(),
  pickupLocation: PlaceOut,
  dropoffLocation: PlaceOut,
  multipleDestinations: z.array(StopOut),
  city: z.string().describe('The served town nearest the pickup'),
  isScheduled: z.boolean(),
  scheduledFor: Instant.nullable(),
  proposedFare: ZmwOut.nullable().describe("Bidding: the rider's opening offer"),
  proposedFareNgwee: NgweeOut.nullable(),
  offeredFare: ZmwOut.nullable().describe("Bidding: the rider's current offer (the opening one or the latest counter-offer)"),
  offeredFareNgwee: NgweeOut.nullable(),
  agreedFare: ZmwOut.nullable().describe('Once a driver is assigned: the quote (fixed) or the accepted bid'),
  agreedFareNgwee: NgweeOut.nullable(),
  finalFare: ZmwOut.nullable(),
  finalFareNgwee: NgweeOut.nullable(),
  quote: z.object({
    total: ZmwOut,
    totalNgwee: NgweeOut,
    floor: ZmwOut.describe('The lowest proposal, counter-offer or bid allowed'),
    floorNgwee: NgweeOut,
    ceiling: ZmwOut.describe('The highest allowed'),
    ceilingNgwee: NgweeOut,
    receipt: z.array(z.object({ kind: z.string(), amount: ZmwOut, amountNgwee: z.int() })).describe('The fare breakdown lines; they add up to the total'),
  }),
  route: RouteView.nullable().describe('The route the quote was priced on (its source labels a straight-line fallback); null for rides booked before routes were kept'),
  distance: z.number().nullable().describe('km: as driven once completed (when reported), else the estimate'),
  duration: z.number().nullable().describe('minutes: likewise'),
  acceptedBidId: z.string().nullable(),
  cancellation: z
    .object({ by: z.enum(['rider', 'driver', 'admin', 'system']), reason: z.string(), stage: z.string(), at: Instant })
    .nullable(),
  ratings: z
    .object({ byRider: PartyRating.nullable(), byDriver: PartyRating.nullable() })
    .describe('Each party sees the rating they gave; admins see both'),
  driver: DriverCard.nullable().describe('Once a driver is assigned (not for a ride that was cancelled or expired)'),
  driverLocation: z
    .object({ lat: z.number(), lng: z.number(), heading: z.number().nullable(), updatedAt: Instant })
    .nullable()
    .describe("The driver's last reported position while they come and drive; single rides only, not lists"),
  eta: z
    .object({
      minutes: z.int(),
      to: z.enum(['pickup', 'dropoff']),
      basis: z
        .enum(['route', 'straight_line_30kmh'])
        .describe("`route`: on the way to the pickup, the road route from the driver's last position; on the trip, the rest of the ride's route from the driver's nearest point on it. Else the straight line from the driver's last position at 30 km/h"),
    })
    .nullable()
    .describe('Accepted: to the pickup; in progress: to the dropoff; null without a position (the screen shows its default)'),
  pin: RidePin.nullable().describe('The rider only, on a single ride (not lists)'),
  createdAt: Instant,
  acceptedAt: Instant.nullable(),
  arrivedAt: Instant.nullable(),
  startedAt: Instant.nullable(),
  completedAt: Instant.nullable(),
  cancelledAt: Instant.nullable(),
  expiredAt: Instant.nullable(),
  updatedAt: Instant,
  revision: z
    .int()
    .min(0)
    .describe('The revision of the ride’s event stream this answer shows: a client keeps the answer with the higher one (a read model may lag a write’s own answer)'),
});

export const RideList = z.object({
  rides: z.array(Ride),
  nextBefore: Instant.nullable().describe('Pass as `before` for the next page; null on the last page'),
});

export const PendingRides = z.object({
  vehicleType: z.string(),
  rides: z.array(
    Ride.extend({ pickupDistanceKm: z.number().nullable().describe("From your last reported position, straight line; null when unknown") }),
  ),
});

/** GET /api/rides/:rideId/events: the ride's own stream, upcast, for the screens that fold it through the shared machine. */
export const RideEvents = z.object({
  rideId: z.string(),
  events: z.array(
    z.object({
      type: z.string(),
      data: z.record(z.string(), z.unknown()).describe('At the current schema version, with every `pin` left out'),
      time: Instant,
    }),
  ),
});

// — the same shapes as types: answers as the client receives them, requests (Body, Query, Params) as it sends them —

export type RideParams = z.input<typeof RideParams>;
export type DriverParams = z.input<typeof DriverParams>;
export type VehicleTypeParams = z.input<typeof VehicleTypeParams>;
export type RequestRideBody = z.input<typeof RequestRideBody>;
export type AcceptRideBody = z.input<typeof AcceptRideBody>;
export type CounterOfferBody = z.input<typeof CounterOfferBody>;
export type StartTripBody = z.input<typeof StartTripBody>;
export type CompleteTripBody = z.input<typeof CompleteTripBody>;
export type CancelRideBody = z.input<typeof CancelRideBody>;
export type RateRideBody = z.input<typeof RateRideBody>;
export type EmergencyBody = z.input<typeof EmergencyBody>;
export type RideListQuery = z.input<typeof RideListQuery>;
export type RidePin = z.infer<typeof RidePin>;
export type Ride = z.infer<typeof Ride>;
export type RideList = z.infer<typeof RideList>;
export type PendingRides = z.infer<typeof PendingRides>;
export type RideEvents = z.infer<typeof RideEvents>;
