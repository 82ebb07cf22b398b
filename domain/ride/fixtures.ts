import type { Actor } from '../shared/command.js';
import type { RideCommand, RideCommandType } from './commands.js';
import type { Booking, RideEvent, RideEventOf } from './events.js';
import type { DriverFacts, Quote, Stop } from './values.js';

/** Named people, a quote and ready-made histories for the ride specs. Test support only. */

export const rideId = 'ride-kitwe-0001';
/** fixedDeps()'s clock; history happened a little before it. */
export const now = '2025-01-15T08:00:00.000Z';
export const minutesBefore = (minutes: number) => new Date(Date.parse(now) - minutes * 60_000).toISOString();
export const minutesAfter = (minutes: number) => new Date(Date.parse(now) + minutes * 60_000).toISOString();
/** What fixedDeps()'s random draw of 0.5 makes of a PIN: 1000 + ⌊0.5 × 9000⌋. */
export const issuedPin = '5500';

export const rider: Actor = { userId: 'user-chanda', role: 'passenger' };
export const otherPassenger: Actor = { userId: 'user-mutale', role: 'passenger' };
export const driverUser: Actor = { userId: 'user-mwale', role: 'driver' };
export const otherDriverUser: Actor = { userId: 'user-banda', role: 'driver' };
export const admin: Actor = { userId: 'admin-phiri', role: 'admin' };
export const staff: Actor = { userId: 'staff-zulu', role: 'staff' };
export const system: Actor = { userId: 'scheduler', role: 'system' };

export const fitDriver: DriverFacts = {
  driverId: 'driver-mwale',
  userId: driverUser.userId,
  verified: true,
  online: true,
  busy: false,
  vehicleType: 'car',
};
export const otherFitDriver: DriverFacts = { ...fitDriver, driverId: 'driver-banda', userId: otherDriverUser.userId };

export const quote: Quote = {
  totalNgwee: 5_000,
  floorNgwee: 3_000,
  ceilingNgwee: 15_000,
  breakdown: { baseFare: 1_500, distanceFare: 2_400, timeFare: 900, pickupFee: 200, totalFare: 5_000 },
};

const requestData = {
  rideId,
  riderId: rider.userId,
  vehicleType: 'car' as const,
  pickup: { address: 'Freedom Park, Kitwe', lat: -12.8024, lng: 28.2136 },
  dropoff: { address: 'Copperbelt University, Kitwe', lat: -12.8074, lng: 28.2441 },
  stops: [] as Stop[],
  pricingMethod: 'fixed' as const,
  proposedFareNgwee: null as number | null,
  paymentMethod: 'airtel_money' as const,
  scheduledFor: null as string | null,
  passengerCount: 2 as number | null,
  packageSize: null as Booking['packageSize'],
  notes: null as string | null,
  quote,
};

type RequestData = Extract<RideCommand, { type: 'RequestRide' }>['data'];

export function requestRide(overrides: Partial<RequestData> = {}, actor: Actor = rider): RideCommand {
  return { type: 'RequestRide', data: { ...requestData, ...overrides }, actor };
}

/** Any command but RequestRide, on this ride. */
export function command<Type extends Exclude<RideCommandType, 'RequestRide'>>(
  type: Type,
  actor: Actor,
  data: Omit<Extract<RideCommand, { type: Type }>['data'], 'rideId'> = {} as never,
): RideCommand {
  return { type, actor, data: { rideId, ...data } } as RideCommand;
}

export function booking(overrides: Partial<Booking> = {}): Booking {
  return { ...requestData, stops: [], requestedAt: minutesBefore(5), ...overrides };
}

export const rideRequested = (overrides: Partial<Booking> = {}): RideEvent => ({
  type: 'RideRequested',
  data: booking(overrides),
});

export const biddingRideRequested = (proposedFareNgwee = 4_000) =>
  rideRequested({ pricingMethod: 'bidding', proposedFareNgwee });

export const rideScheduled = (scheduledFor = minutesAfter(120)): RideEvent => ({
  type: 'RideScheduled',
  data: { ...booking({ requestedAt: minutesBefore(60) }), scheduledFor },
});

export const driverAssigned = (driver: DriverFacts = fitDriver, agreedFareNgwee = quote.totalNgwee): RideEvent => ({
  type: 'DriverAssigned',
  data: { rideId, driverId: driver.driverId, driverUserId: driver.userId, agreedFareNgwee, assignedAt: minutesBefore(4) },
});

export const pinIssued = (pin = '4821', reason: RideEventOf<'PinIssued'>['data']['reason'] = 'driver_assigned'): RideEvent => ({
  type: 'PinIssued',
  data: { rideId, pin, reason, issuedAt: minutesBefore(4) },
});

export const driverArrived: RideEvent = {
  type: 'DriverArrived',
  data: { rideId, driverId: fitDriver.driverId, arrivedAt: minutesBefore(2) },
};

export const pinAttemptFailed = (attempt: number): RideEvent => ({
  type: 'PinAttemptFailed',
  data: { rideId, driverId: fitDriver.driverId, attempt, attemptsLeft: 5 - attempt, failedAt: minutesBefore(1) },
});

export const tripStarted: RideEvent = {
  type: 'TripStarted',
  data: { rideId, driverId: fitDriver.driverId, startedAt: minutesBefore(1) },
};

export const tripCompleted: RideEvent = {
  type: 'TripCompleted',
  data: {
    rideId,
    driverId: fitDriver.driverId,
    finalFareNgwee: quote.totalNgwee,
    distanceKm: null,
    durationMinutes: null,
    completedAt: minutesBefore(0.5),
  },
};

export const rideCancelledByRider: RideEvent = {
  type: 'RideCancelled',
  data: { rideId, by: 'rider', byUserId: rider.userId, reasonCode: 'changed_plans', reason: 'changed my mind', stage: 'pending', cancelledAt: minutesBefore(1) },
};

export const rideExpired: RideEvent = {
  type: 'RideExpired',
  data: { rideId, searchStartedAt: minutesBefore(5), expiredAt: minutesBefore(1) },
};

/** Histories at each stage of a fixed-price ride. */
export const pending = [rideRequested()];
export const accepted = [...pending, driverAssigned(), pinIssued()];
export const arrived = [...accepted, driverArrived];
export const inProgress = [...arrived, tripStarted];
export const completed = [...inProgress, tripCompleted];
export const cancelled = [...pending, rideCancelledByRider];
export const expired = [...pending, rideExpired];
