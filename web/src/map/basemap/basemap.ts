import { cities, knownPlaces, type LatLng } from '../../../../domain/catalogue/index.js';
import roadsAndTownAreas from '../../../../domain/catalogue/bundledBasemap.json';

/**
 * The offline Copperbelt basemap as one GeoJSON collection (lng/lat, WGS 84): the town areas and
 * main roads drawn in domain/catalogue/bundledBasemap.json (shared with the offline router), plus
 * a point for each town and each known place, taken from the domain catalogue so the map and the
 * place search always agree.
 */
export interface BasemapProperties {
  kind: 'townArea' | 'road' | 'town' | 'place';
  name: string;
  [key: string]: unknown;
}

interface PointFeature {
  type: 'Feature';
  properties: BasemapProperties;
  geometry: { type: 'Point'; coordinates: [number, number] };
}

const point = (at: LatLng, properties: BasemapProperties): PointFeature => ({
  type: 'Feature',
  properties,
  geometry: { type: 'Point', coordinates: [at.lng, at.lat] },
});

export function copperbeltBasemap() {
  return {
    type: 'FeatureCollection' as const,
    features: [
      ...roadsAndTownAreas.features,
      ...cities.map((city) => point(city.coordinates, { kind: 'town', name: city.name, cityId: city.id, status: city.status })),
      ...knownPlaces.map((place) => point(place.coordinates, { kind: 'place', name: place.name, placeId: place.id, category: place.category })),
    ],
  };
}

export { roadsAndTownAreas };
