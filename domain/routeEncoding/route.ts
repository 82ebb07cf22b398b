import { z } from 'zod';
import { isWithin, REGION_NAME, SEARCH_BOUNDS, type LatLng } from '../catalogue/geography.js';
import { latLngSchema } from '../catalogue/schemas.js';
import { DomainError } from '../shared/errors.js';

export const COPPERBELT = REGION_NAME;

export const coordinateSchema = latLngSchema;
export type Coordinate = LatLng;

/** A route as its author describes it; the command carries it raw, the events carry it normalised. */
export const routeInputSchema = z.object({
  startAddress: z.string(),
  endAddress: z.string(),
  streetNames: z.array(z.string()),
  coordinates: z.array(coordinateSchema),
  region: z.literal(COPPERBELT).default(COPPERBELT),
});
export type RouteInput = z.input<typeof routeInputSchema>;

export interface Route {
  startAddress: string;
  endAddress: string;
  streetNames: string[];
  coordinates: Coordinate[];
  region: typeof COPPERBELT;
}

export const INCOMPLETE_INFORMATION =
  'Incomplete Information: Please provide start/end addresses and at least one street name.';

const tidy = (text: string) => text.trim().replace(/\s+/g, ' ');

/** Trimmed, blank ones dropped, the first spelling kept when names repeat in another case. */
export function normaliseStreetNames(names: readonly string[]): string[] {
  const seen = new Set<string>();
  return names.map(tidy).filter((name) => {
    const key = name.toLocaleLowerCase('en');
    if (name === '' || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The route as it will be recorded, or 'invalid' with the spec's wording when it is incomplete. */
export function normaliseRoute(input: z.output<typeof routeInputSchema>): Route {
  const route: Route = {
    startAddress: tidy(input.startAddress),
    endAddress: tidy(input.endAddress),
    streetNames: normaliseStreetNames(input.streetNames),
    coordinates: input.coordinates,
    region: input.region,
  };
  if (route.startAddress === '' || route.endAddress === '' || route.streetNames.length === 0) {
    throw new DomainError('invalid', INCOMPLETE_INFORMATION, { fields: ['startAddress', 'endAddress', 'streetNames'] });
  }
  if (route.coordinates.length < 2) {
    throw new DomainError('invalid', 'coordinates: a calculated route needs at least 2 points', { field: 'coordinates' });
  }
  // The same box place search uses: every town we serve lies inside it.
  const outside = route.coordinates.findIndex((point) => !isWithin(SEARCH_BOUNDS, point));
  if (outside >= 0) {
    throw new DomainError('invalid', `coordinates.${outside}: lies outside the Copperbelt`, { field: `coordinates.${outside}` });
  }
  return route;
}
