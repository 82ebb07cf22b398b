import { cityIds, vehicleIds, type CityId, type VehicleId } from '../../../../domain/catalogue/index.js';
import { definedOnly, isDay, oneOf } from '../-searchParams.js';

/** What /admin/analytics reads from its URL; anything malformed is dropped (the defaults apply). */
export interface AnalyticsSearch {
  from?: string;
  to?: string;
  city?: CityId;
  vehicleType?: VehicleId;
}

export function validateAnalyticsSearch(search: Record<string, unknown>): AnalyticsSearch {
  return definedOnly<AnalyticsSearch>({
    from: isDay(search.from) ? search.from : undefined,
    to: isDay(search.to) ? search.to : undefined,
    city: oneOf(cityIds, search.city),
    vehicleType: oneOf(vehicleIds, search.vehicleType),
  });
}
