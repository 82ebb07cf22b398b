import { cityIds, vehicleIds, type CityId, type VehicleId } from '../../../../domain/catalogue/index.js';
import { definedOnly, isDay, oneOf } from './-searchParams.js';

export const rideStatuses = ['scheduled', 'pending', 'accepted', 'arrived', 'in_progress', 'completed', 'cancelled', 'expired'] as const;
export type RideStatus = (typeof rideStatuses)[number];

/** The rides list's filters as the URL carries them (so a filtered view can be shared or reloaded); anything malformed is dropped. */
export interface RidesSearch {
  status?: RideStatus;
  city?: CityId;
  vehicleType?: VehicleId;
  /** A day in Zambia, YYYY-MM-DD. */
  date?: string;
}

export function validateRidesSearch(search: Record<string, unknown>): RidesSearch {
  return definedOnly<RidesSearch>({
    status: oneOf(rideStatuses, search.status),
    city: oneOf(cityIds, search.city),
    vehicleType: oneOf(vehicleIds, search.vehicleType),
    date: isDay(search.date) ? search.date : undefined,
  });
}
