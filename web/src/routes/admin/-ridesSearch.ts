import { cityIds, vehicleIds, type CityId, type VehicleId } from '../../../../domain/catalogue/index.js';
import { rideWireStatuses, type RideWireStatus as RideStatus } from '../../../../domain/ride/wireStatuses.js';
import { definedOnly, isDay, oneOf } from '../-searchParams.js';

export { rideWireStatuses as rideStatuses, type RideWireStatus as RideStatus } from '../../../../domain/ride/wireStatuses.js';

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
    status: oneOf(rideWireStatuses, search.status),
    city: oneOf(cityIds, search.city),
    vehicleType: oneOf(vehicleIds, search.vehicleType),
    date: isDay(search.date) ? search.date : undefined,
  });
}
