import { rideStateName, type RideState } from '../ride/index.js';
import type { ReleaseReason } from './events.js';

/**
 * Whether a driver's reservation for a ride is over, judged from the ride itself, and why: the
 * ride ended (completed, cancelled, expired), or it went ahead with another driver (this
 * reservation lost the race). Null while the reservation may still matter: the ride is waiting
 * for a driver (this driver's own accept may be on its way) or is under way with this driver.
 *
 * The release reactor makes the same judgement when the ride's last event reaches it; a command
 * that finds the driver still engaged can make it at once instead of refusing the driver.
 */
export function staleReservationReason(ride: RideState, driverId: string): ReleaseReason | null {
  const assigned = ride.context.driver?.driverId ?? null;
  const lostTheRace = assigned !== null && assigned !== driverId;
  switch (rideStateName(ride)) {
    case 'completed':
      return lostTheRace ? 'ride_append_lost' : 'ride_completed';
    case 'cancelled':
      return lostTheRace ? 'ride_append_lost' : 'ride_cancelled';
    case 'expired':
      return 'ride_expired';
    case 'accepted':
    case 'arrived':
    case 'in_progress':
      return lostTheRace ? 'ride_append_lost' : null;
    default:
      return null;
  }
}
