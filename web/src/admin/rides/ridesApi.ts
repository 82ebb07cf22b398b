import { queryOptions } from '@tanstack/react-query';
import { getJson } from '../../api/http.js';
import type { AdminRide, RideList } from '../../../../contract/admin.js';
import type { RidesSearch } from '../../routes/admin/-ridesSearch.js';
import { ridesQueryString } from './ridesQuery.js';

/** Rides move on their own: the list asks again every 5 s while it is open (spec 001: ride polls every 5 s). */
export const RIDES_REFRESH_MS = 5_000;
export const RIDES_PAGE = 100;

/** GET /api/admin/rides, one ride (contract/admin.ts AdminRide). */
export type { AdminRide };

export const adminRidesQueryOptions = (search: RidesSearch) =>
  queryOptions({
    queryKey: ['admin', 'rides', search],
    queryFn: () => getJson<RideList>(`/api/admin/rides?${ridesQueryString(search, RIDES_PAGE)}`).then((answer) => answer.rides),
    refetchInterval: RIDES_REFRESH_MS,
    placeholderData: (previous) => previous,
  });
