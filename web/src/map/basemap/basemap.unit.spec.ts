import { describe, expect, it } from 'vitest';
import { cities, knownPlaces, type LatLng } from '../../../../domain/catalogue/index.js';
import { haversineKm } from '../../../../domain/fare/index.js';
import { copperbeltBasemap, roadsAndTownAreas } from './basemap.js';

type Position = number[];
const at = ([lng, lat]: Position): LatLng => ({ lat: lat!, lng: lng! });

/** Ray casting: is the point inside the ring? */
function inside(point: LatLng, ring: Position[]): boolean {
  let result = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i]!;
    const [xj, yj] = ring[j]!;
    if (yi! > point.lat !== yj! > point.lat && point.lng < ((xj! - xi!) * (point.lat - yi!)) / (yj! - yi!) + xi!) result = !result;
  }
  return result;
}

const features = roadsAndTownAreas.features;
const roads = features.filter((feature) => feature.properties.kind === 'road');
const areas = features.filter((feature) => feature.properties.kind === 'townArea');
const nearestTown = (point: LatLng) =>
  cities.map((city) => ({ id: city.id, km: haversineKm(point, city.coordinates) })).sort((a, b) => a.km - b.km)[0]!;

describe('the offline Copperbelt basemap', () => {
  it('outlines each of the eleven towns around its catalogue centre', () => {
    expect(areas.map((area) => area.properties.cityId).sort()).toEqual(cities.map((city) => city.id).sort());
    for (const city of cities) {
      const area = areas.find((candidate) => candidate.properties.cityId === city.id)!;
      expect(inside(city.coordinates, (area.geometry.coordinates as Position[][])[0]!), city.id).toBe(true);
    }
  });

  it('draws the main roads between the towns they join', () => {
    const joins = roads.map((road) => {
      const line = road.geometry.coordinates as Position[];
      return [nearestTown(at(line[0]!)), nearestTown(at(line.at(-1)!))].map((end) => (end.km < 3 ? end.id : 'elsewhere')).sort().join('–');
    });
    expect(joins.sort()).toEqual(
      [
        'elsewhere–ndola', // T3 from Kapiri Mposhi
        'kitwe–ndola', // T3 dual carriageway
        'chingola–kitwe', // T3
        'chingola–elsewhere', // T3 on to Chililabombwe and the Kasumbalesa border
        'chingola–elsewhere', // T5 towards Solwezi
        'kitwe–mufulira',
        'mufulira–ndola',
        'luanshya–ndola',
        'kitwe–lufwanyama',
        'mpongwe–ndola',
      ].sort(),
    );
  });

  it('passes the roads through the towns on their way (Kalulushi, Masaiti, Chililabombwe) and keeps them in the region', () => {
    const passesNear = (name: string, cityId: string) => {
      const line = roads.find((road) => road.properties.name === name)!.geometry.coordinates as Position[];
      const town = cities.find((city) => city.id === cityId)!.coordinates;
      return Math.min(...line.map((point) => haversineKm(at(point), town)));
    };
    expect(passesNear('Kitwe–Kalulushi–Lufwanyama road', 'kalulushi')).toBeLessThan(1);
    expect(passesNear('Ndola–Masaiti–Mpongwe road', 'masaiti')).toBeLessThan(1);
    expect(passesNear('Chingola–Chililabombwe–Kasumbalesa road', 'chililabombwe')).toBeLessThan(1);
    for (const road of roads) {
      for (const [lng, lat] of road.geometry.coordinates as Position[]) {
        expect(lat).toBeGreaterThan(-14.1);
        expect(lat).toBeLessThan(-12.1);
        expect(lng).toBeGreaterThan(27.2);
        expect(lng).toBeLessThan(28.8);
      }
    }
  });

  it('adds a point for every town and every known place from the catalogue', () => {
    const kinds = copperbeltBasemap().features.map((feature) => feature.properties.kind);
    expect(kinds.filter((kind) => kind === 'town')).toHaveLength(cities.length);
    expect(kinds.filter((kind) => kind === 'place')).toHaveLength(knownPlaces.length);
  });
});
