import { describe, expect, it } from 'vitest';
import { rideDecider, type RideEvent } from '../ride/index.js';
import { fold } from '../shared/decider.js';
import {
  accepted,
  arrived,
  cancelled,
  completed,
  driverAssigned,
  expired,
  fitDriver,
  inProgress,
  otherFitDriver,
  pending,
  pinIssued,
  rideCancelledByRider,
} from '../../tests/support/fixtures/ride.js';
import { staleReservationReason } from './staleReservation.js';

const ride = (history: RideEvent[]) => fold(rideDecider, history);
const mine = fitDriver.driverId;

describe('a driver reserved for a ride: is the reservation over, and why', () => {
  it('given the ride ended with this driver: over, for the ride ending', () => {
    expect(staleReservationReason(ride(completed), mine)).toBe('ride_completed');
    expect(staleReservationReason(ride([...accepted, rideCancelledByRider]), mine)).toBe('ride_cancelled');
  });

  it('given the ride ended before anyone took it: over, for the ride ending', () => {
    expect(staleReservationReason(ride(cancelled), mine)).toBe('ride_cancelled');
    expect(staleReservationReason(ride(expired), mine)).toBe('ride_expired');
  });

  it('given the ride went to another driver: over, the race was lost, whatever the ride does next', () => {
    const toSomeoneElse = [...pending, driverAssigned(otherFitDriver), pinIssued()];
    expect(staleReservationReason(ride(toSomeoneElse), mine)).toBe('ride_append_lost');
    expect(staleReservationReason(ride([...toSomeoneElse, rideCancelledByRider]), mine)).toBe('ride_append_lost');
  });

  it('given the ride still waits for a driver, or is under way with this one: not over', () => {
    // Waiting: this driver's own accept may be on its way between the reservation and the assignment.
    expect(staleReservationReason(ride(pending), mine)).toBeNull();
    for (const history of [accepted, arrived, inProgress]) expect(staleReservationReason(ride(history), mine)).toBeNull();
  });
});
