/**
 * Who hears of which event, as pure functions of the event and the ride it belongs to. The hub
 * resolves each audience to sockets; deciding it here, per message, keeps the rules in one
 * place and testable without a socket.
 */
import type { BidEvent } from '../domain/bid/index.js';
import type { RideOffer } from '../domain/dispatch/index.js';
import { rideStatus, type Booking, type RideEvent, type RideState } from '../domain/ride/index.js';
import { assertNever } from '../domain/shared/command.js';
import type { SafetyLiveMessage } from '../contract/safety.js';
import type { BidUpdateMessage, BroadcastMessage, NewRideMessage, RideUpdateMessage } from '../contract/live.js';

export type Audience =
  /** These users' sockets, and (when named) the sockets that joined to watch that ride. */
  | { kind: 'people'; userIds: readonly string[]; watchersOf: string | null }
  /** Drivers' sockets whose driver is online and verified for the vehicle type (only these drivers, when listed). */
  | { kind: 'drivers'; vehicleType: string; driverIds: readonly string[] | null; riderUserId?: string | null }
  /** Every admin's socket (incident alerts reach every admin page). */
  | { kind: 'admins' };

export interface Delivery {
  audience: Audience;
  message: BroadcastMessage | SafetyLiveMessage;
}

const wireStatusOf = (state: RideState) => rideStatus(state)?.status;

const place = ({ address, lat, lng }: Booking['pickup']) => ({ address, lat, lng });

/** A ride open to drivers, in the few fields their pending list needs to know it changed. */
export function newRideMessage(state: RideState, at: string, offer: RideOffer | null = null): NewRideMessage | null {
  const booking = state.context.booking;
  if (!booking) return null;
  return {
    type: 'new_ride',
    rideId: booking.rideId,
    vehicleType: booking.vehicleType,
    pricingMethod: booking.pricingMethod,
    pickup: place(booking.pickup),
    dropoff: place(booking.dropoff),
    stopCount: booking.stops.length,
    fareNgwee: state.context.offeredFareNgwee ?? booking.quote.totalNgwee,
    passengerCount: booking.passengerCount,
    packageSize: booking.packageSize,
    scheduledFor: booking.scheduledFor,
    offered: offer !== null,
    distanceKm: offer?.distanceKm ?? null,
    at,
  };
}

/** What one ride event tells whom; `state` is the ride after the event. */
export function rideDeliveries(event: RideEvent, state: RideState, at: string): Delivery[] {
  const status = rideStatus(state);
  const riderId = state.context.booking?.riderId;
  if (!status || !riderId) return [];
  const { rideId } = event.data;
  const update: RideUpdateMessage = {
    type: 'ride_update',
    rideId,
    status: status.status,
    event: event.type,
    progress: status.progress,
    pinLocked: status.pinLocked,
    emergencyActive: status.emergencyActive,
    driverId: state.context.driver?.driverId ?? null,
    at,
  };
  const parties = [riderId, ...(state.context.driver ? [state.context.driver.userId] : [])];
  const toParties = (message: RideUpdateMessage): Delivery => ({ audience: { kind: 'people', userIds: parties, watchersOf: rideId }, message });

  switch (event.type) {
    case 'PinIssued':
      // The rider alone learns that there is a (new) PIN; the digits stay behind HTTP.
      return [{ audience: { kind: 'people', userIds: [riderId], watchersOf: null }, message: { ...update, pinIssued: true } }];
    case 'PinAttemptFailed':
      return [toParties({ ...update, attemptsLeft: event.data.attemptsLeft })];
    case 'FareCounterOffered':
      return [toParties({ ...update, offeredFareNgwee: event.data.offeredFareNgwee })];
    case 'TripCompleted':
      return [toParties({ ...update, finalFareNgwee: event.data.finalFareNgwee })];
    case 'RideCancelled':
      return [toParties({ ...update, cancelledBy: event.data.by })];
    case 'RideRequested':
    case 'ScheduledRideDispatched':
      return [toParties(update), ...openToDrivers(state, at)];
    case 'RideScheduled':
    case 'BidAccepted':
    case 'DriverAssigned':
    case 'DriverArrived':
    case 'TripStarted':
    case 'RideExpired':
    case 'EmergencyRaised':
    case 'RideRated':
      return [toParties(update)];
    default:
      return assertNever(event);
  }
}

function openToDrivers(state: RideState, at: string): Delivery[] {
  const message = newRideMessage(state, at);
  if (!message || wireStatusOf(state) !== 'pending') return [];
  return [{ audience: { kind: 'drivers', vehicleType: message.vehicleType, driverIds: null, riderUserId: state.context.booking?.riderId ?? null }, message }];
}

/** Dispatch chose these drivers: each hears of the ride with its own distance. */
export function offerDeliveries(offers: readonly RideOffer[], state: RideState, at: string): Delivery[] {
  if (wireStatusOf(state) !== 'pending') return [];
  return offers.flatMap((offer) => {
    const message = newRideMessage(state, at, offer);
    return message ? [{ audience: { kind: 'drivers' as const, vehicleType: message.vehicleType, driverIds: [offer.driverId] }, message }] : [];
  });
}

/** A bid is between the ride's rider and the driver who placed it; other bidders never see it. */
export function bidDeliveries(event: BidEvent, riderId: string | null, driverUserId: string, at: string): Delivery[] {
  const { rideId, bidId, driverId } = event.data;
  // Only the rider and the bidder: others following the ride (the winning driver on the trip
  // screen) must not learn about rival bids.
  const audience: Audience = { kind: 'people', userIds: riderId ? [riderId, driverUserId] : [driverUserId], watchersOf: null };
  const update = (status: BidUpdateMessage['status'], reason: string | null = null): Delivery[] => [
    { audience, message: { type: 'bid_update', rideId, bidId, driverId, status, reason, at } },
  ];
  switch (event.type) {
    case 'BidPlaced':
      return [
        {
          audience,
          message: {
            type: 'new_bid',
            rideId,
            bidId,
            driverId,
            amountNgwee: event.data.amountNgwee,
            estimatedArrivalMinutes: event.data.estimatedArrivalMinutes,
            expiresAt: event.data.expiresAt,
            at,
          },
        },
      ];
    case 'BidWithdrawn':
      return update('withdrawn');
    case 'BidMarkedAccepted':
      return update('accepted');
    case 'BidMarkedRejected':
      return update('rejected', event.data.reason);
    case 'BidExpired':
      return update('expired');
    default:
      return assertNever(event);
  }
}
