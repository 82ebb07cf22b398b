import { getHexagonEdgeLengthAvg, greatCircleDistance, gridDisk, latLngToCell, UNITS } from 'h3-js';
import type { Kysely } from 'kysely';
import type { RideOffer } from '../../domain/dispatch/index.js';
import type { CommandsDatabase } from '../shared/database.js';
import { DISPATCH_H3_RESOLUTION } from './driverLocations.js';

export interface NearestDriversQuery {
  pickup: { lat: number; lng: number };
  vehicleType: string;
  /** Positions older than this are ignored: the phone went quiet, the driver may be anywhere. */
  freshSince: Date;
  maxOffers: number;
  maxRadiusKm: number;
  /** The rider's own account: when it also drives, it is never offered its own ride. */
  riderId?: string;
}

export interface NearestDrivers {
  /** The ring (k) at which drivers were found; with none found, the widest ring searched. */
  ring: number;
  /** Nearest first, at most maxOffers, none farther than maxRadiusKm. */
  offers: RideOffer[];
}

/**
 * The rings searched, k = 1, 2, 4, 8 … doubling until the disk is sure to cover the radius. A
 * grid step is at least 1.5 edges long, whichever way it points, so k = radius ÷ (1.5 × edge)
 * reaches every cell within the radius.
 */
export function ringsFor(maxRadiusKm: number, resolution = DISPATCH_H3_RESOLUTION): number[] {
  const widest = Math.max(1, Math.ceil(maxRadiusKm / (1.5 * getHexagonEdgeLengthAvg(resolution, UNITS.km))));
  const rings: number[] = [];
  for (let k = 1; k < widest; k *= 2) rings.push(k);
  return [...rings, widest];
}

/**
 * Online, verified, free drivers of the ride's vehicle type, nearest the pickup: the H3 disk
 * around the pickup's cell grows ring by ring until it holds somebody; those found are ranked by
 * great-circle distance. Reads the availability the dispatch reactor keeps, joined with the latest
 * telemetry, inside the reactor's transaction.
 */
export async function findNearestDrivers(
  db: Kysely<CommandsDatabase>,
  query: NearestDriversQuery,
): Promise<NearestDrivers> {
  const { pickup, vehicleType, freshSince, maxOffers, maxRadiusKm, riderId } = query;
  const origin = latLngToCell(pickup.lat, pickup.lng, DISPATCH_H3_RESOLUTION);
  const rings = ringsFor(maxRadiusKm);
  for (const ring of rings) {
    const candidates = await db
      .selectFrom('dispatch_driver_availability as a')
      .innerJoin('driver_locations as l', 'l.driver_id', 'a.driver_id')
      .select(['a.driver_id', 'l.lat', 'l.lng'])
      .where('a.online', '=', true)
      .where('a.verified', '=', true)
      .where('a.engaged', '=', false)
      .where('a.vehicle_type', '=', vehicleType)
      .where('l.h3_cell', 'in', gridDisk(origin, ring))
      .where('l.updated_at', '>=', freshSince)
      .$if(riderId !== undefined, (candidates) => candidates.where('a.driver_id', '!=', riderId!))
      .execute();
    const offers = candidates
      .map((candidate) => ({
        driverId: candidate.driver_id,
        distanceKm: Math.round(greatCircleDistance([pickup.lat, pickup.lng], [candidate.lat, candidate.lng], UNITS.km) * 1000) / 1000,
      }))
      .filter((offer) => offer.distanceKm <= maxRadiusKm)
      .sort((a, b) => a.distanceKm - b.distanceKm || a.driverId.localeCompare(b.driverId))
      .slice(0, maxOffers);
    if (offers.length > 0) return { ring, offers };
  }
  return { ring: rings.at(-1)!, offers: [] };
}
