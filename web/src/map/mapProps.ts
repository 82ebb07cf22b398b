import type { LatLng } from '../../../domain/catalogue/index.js';

export interface MapMarkers {
  pickup?: LatLng;
  dropoff?: LatLng;
  /** The driver's latest position: the marker moves as this changes. */
  driver?: LatLng;
}

export interface MapViewProps extends MapMarkers {
  /** Where the map starts before there is anything to show (default: the whole Copperbelt). */
  centre?: LatLng;
  zoom?: number;
  /** A route line from pickup to dropoff (the road route, or the straight-line estimate). */
  route?: readonly LatLng[];
  /** The line is the straight-line estimate, not roads: drawn dashed. */
  routeIsStraight?: boolean;
  /** Whose data the route was drawn on, shown in the map's attribution. */
  routeAttribution?: string;
}
