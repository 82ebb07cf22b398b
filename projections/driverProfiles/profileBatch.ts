import type { DriverDutyEvent } from '../../domain/driverDuty/events.js';
import type { DriverVerificationEvent } from '../../domain/driverVerification/events.js';
import type { RideEvent } from '../../domain/ride/events.js';
import type { Stored } from '../shared/storedEvents.js';
import type { DriverProfileRow, DriverRideRow } from './driverProfiles.table.js';
import { averageRating, foldDuty, foldVerification, unknownDriver } from './foldProfile.js';

/** The ride events a profile counts: who drove it, that it was completed, the rider's stars. */
export function isCountedOnProfile({ event }: Stored<RideEvent>): boolean {
  return event.type === 'DriverAssigned' || event.type === 'TripCompleted' || (event.type === 'RideRated' && event.data.by === 'rider');
}

/**
 * One batch folded in memory onto the driver rows and ride → driver links it touches, starting
 * from their stored versions; `changedProfiles` and `changedLinks` are what to write back.
 */
export class ProfileBatch {
  readonly changedProfiles = new Map<string, DriverProfileRow>();
  readonly changedLinks = new Map<string, DriverRideRow>();

  constructor(
    private readonly storedProfiles: ReadonlyMap<string, DriverProfileRow>,
    private readonly links: Map<string, DriverRideRow>,
  ) {}

  verification(item: Stored<DriverVerificationEvent>): void {
    this.put(foldVerification(this.profile(item.event.data.driverId, item.created), item));
  }

  duty(item: Stored<DriverDutyEvent>): void {
    this.put(foldDuty(this.profile(item.event.data.driverId, item.created), item));
  }

  /**
   * A ride event counted on its driver's row through the ride → driver link. The link remembers
   * what was counted (completed, the rider's stars), so an event applied twice counts once.
   */
  ride({ event, created }: Stored<RideEvent>): void {
    const rideId = event.data.rideId;
    const link = this.links.get(rideId);
    if (event.type === 'DriverAssigned') {
      if (!link) this.link({ ride_id: rideId, driver_id: event.data.driverId, completed: false, rider_stars: null });
      this.put(this.profile(event.data.driverId, created)); // a driver first heard of here still gets a row
      return;
    }
    if (!link) return; // completion and ratings only ever follow an assignment
    const profile = this.profile(link.driver_id, created);
    const updated_at = created > profile.updated_at ? created : profile.updated_at;
    if (event.type === 'TripCompleted' && !link.completed) {
      this.link({ ...link, completed: true });
      this.put({ ...profile, updated_at, completed_rides: profile.completed_rides + 1 });
    } else if (event.type === 'RideRated' && link.rider_stars === null) {
      this.link({ ...link, rider_stars: event.data.stars });
      const rating_total = profile.rating_total + event.data.stars;
      const rating_count = profile.rating_count + 1;
      this.put({ ...profile, updated_at, rating_total, rating_count, rating: averageRating(rating_total, rating_count) });
    }
  }

  private profile(driverId: string, at: Date): DriverProfileRow {
    return this.changedProfiles.get(driverId) ?? this.storedProfiles.get(driverId) ?? unknownDriver(driverId, at);
  }

  private put(row: DriverProfileRow): void {
    this.changedProfiles.set(row.driver_id, row);
  }

  private link(row: DriverRideRow): void {
    this.links.set(row.ride_id, row);
    this.changedLinks.set(row.ride_id, row);
  }
}
