import type { LatLng } from '../../domain/catalogue/geography.js';

/**
 * A generated street grid for routing tests — clearly not a real town: `size` streets running
 * east–west ("Street 0", "Street 1", …, south to north) and as many avenues north–south
 * ("Avenue 0", …, west to east), `spacingKm` apart, laid out from a corner in Kitwe's latitude
 * band (so distances behave as they do on the Copperbelt). Each street and avenue is one polyline
 * through every crossing, as an OSM way would be.
 */
export interface RoadGrid {
  at(column: number, row: number): LatLng;
  /** A point `northKm` north and `eastKm` east of a crossing. */
  offset(point: LatLng, northKm: number, eastKm: number): LatLng;
  streets: { name: string; coordinates: LatLng[] }[];
  avenues: { name: string; coordinates: LatLng[] }[];
}

const KM_PER_DEGREE = 111.195;

export function roadGrid({ size = 6, spacingKm = 0.5, corner = { lat: -12.83, lng: 28.18 } } = {}): RoadGrid {
  const kmPerDegreeLng = KM_PER_DEGREE * Math.cos((corner.lat * Math.PI) / 180);
  const offset = (point: LatLng, northKm: number, eastKm: number) => ({ lat: point.lat + northKm / KM_PER_DEGREE, lng: point.lng + eastKm / kmPerDegreeLng });
  const at = (column: number, row: number) => offset(corner, row * spacingKm, column * spacingKm);
  const indices = [...Array(size).keys()];
  return {
    at,
    offset,
    streets: indices.map((row) => ({ name: `Street ${row}`, coordinates: indices.map((column) => at(column, row)) })),
    avenues: indices.map((column) => ({ name: `Avenue ${column}`, coordinates: indices.map((row) => at(column, row)) })),
  };
}
