import type { z } from 'zod';
import { findDriverLocations } from '../../../commands/dispatch/index.js';
import { bidStreamId } from '../../../domain/bid/index.js';
import type { LatLng, VehicleId } from '../../../domain/catalogue/index.js';
import type { EventStore } from '../../../platform/eventStore/port.js';
import type { BidsByRideRow } from '../../../projections/bidsByRide/index.js';
import { summariseBids } from '../../../projections/bidsByRide/index.js';
import { driversByIds, type DriverProfileRow } from '../../../projections/driverProfiles/index.js';
import type { SharedDatabase } from '../../services/database.js';
import { usersByIds } from '../../../accounts/index.js';
import { iso } from '../../support/http.js';
import { firstNameOf } from '../drivers/presenters.js';
import { zmwOf } from '../../../contract/money.js';
import { minutesAway } from '../rides/rideView.js';
import { DEFAULT_BIDDER_RATING, type Bid } from '../../../contract/bids.js';

/**
 * The bid as the read model will have it once it takes in the bid stream as it is now: the same
 * fold the projection runs (summariseBids), so a driver sees their own write at once.
 */
export async function bidFromStream(store: EventStore, bidId: string): Promise<BidsByRideRow | undefined> {
  const { rows } = summariseBids(await store.readStream(bidStreamId(bidId)));
  // The table has no generated columns: a row to insert is the row the table will hold.
  return rows.find((candidate) => candidate.bid_id === bidId) as BidsByRideRow | undefined;
}

/**
 * Bids with who placed them (first name, rating, vehicle) and how far they are from the pickup.
 * The bidders' details come from the driver profiles and the accounts, in one query each.
 */
export async function presentBids(db: SharedDatabase, rows: readonly BidsByRideRow[], pickup: LatLng | null): Promise<z.infer<typeof Bid>[]> {
  const driverIds = [...new Set(rows.map((row) => row.driver_id))];
  if (driverIds.length === 0) return [];
  const [profiles, positions] = await Promise.all([
    driversByIds(db, driverIds),
    findDriverLocations(db, driverIds),
  ]);
  const users = await usersByIds(db, rows.map((row) => row.driver_user_id));
  const nameOf = new Map(users.map((user) => [user.id, user.full_name]));
  const profileOf = new Map(profiles.map((profile) => [profile.driver_id, profile]));
  const positionOf = new Map(positions.map((position) => [position.driver_id, position]));
  return rows.map((row) => {
    const position = positionOf.get(row.driver_id);
    return toBid(row, {
      firstName: firstNameOf(nameOf.get(row.driver_user_id)),
      profile: profileOf.get(row.driver_id),
      etaMinutes: position && pickup ? minutesAway(position, pickup) : null,
    });
  });
}

interface Bidder {
  firstName: string | null;
  profile: DriverProfileRow | undefined;
  etaMinutes: number | null;
}

export function toBid(row: BidsByRideRow, { firstName, profile, etaMinutes }: Bidder): z.infer<typeof Bid> {
  const rated = profile?.rating !== null && profile?.rating !== undefined;
  return {
    id: row.bid_id,
    rideId: row.ride_id,
    driverId: row.driver_id,
    bidAmount: zmwOf(row.amount_ngwee),
    bidAmountNgwee: row.amount_ngwee,
    message: row.message,
    estimatedArrival: row.estimated_arrival_min,
    status: row.status,
    placedAt: iso(row.placed_at),
    expiresAt: iso(row.expires_at),
    updatedAt: iso(row.updated_at),
    bidder: {
      firstName,
      rating: rated ? profile.rating! : DEFAULT_BIDDER_RATING,
      ratingIsDefault: !rated,
      ratingCount: profile?.rating_count ?? 0,
      completedRides: profile?.completed_rides ?? 0,
      vehicle:
        profile?.vehicle_make && profile.vehicle_model && profile.vehicle_type
          ? { make: profile.vehicle_make, model: profile.vehicle_model, colour: profile.vehicle_colour ?? '', type: profile.vehicle_type as VehicleId }
          : null,
    },
    etaMinutes,
  };
}
