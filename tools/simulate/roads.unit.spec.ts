import { describe, expect, it } from 'vitest';
import { cityById, knownPlaces } from '../../domain/catalogue/index.js';
import { bundledRoads } from '../../domain/catalogue/bundledRoads.js';
import { distanceToPolylineKm, haversineKm } from '../../domain/geo/index.js';
import { Mover } from './mover.js';
import { metresBetween, pathLengthMetres, pointOnNetwork, roadNetwork, roadRoute, TOWN_RADIUS_KM } from './roads.js';

const kitwe = roadNetwork('kitwe');
const place = (id: string) => knownPlaces.find((candidate) => candidate.id === id)!.coordinates;
/** How far a point lies from the roads that ship with the app, in metres. */
const offBundledRoadsMetres = (point: { lat: number; lng: number }) =>
  1000 * Math.min(...bundledRoads.map((road) => distanceToPolylineKm(point, road.coordinates)));

describe('town roads', () => {
  it('are the bundled roads near the town, not a copy of their own', () => {
    expect(kitwe.roads.length).toBeGreaterThan(1);
    for (const road of kitwe.roads) {
      for (const point of road) {
        expect(haversineKm(point, cityById('kitwe').coordinates)).toBeLessThanOrEqual(TOWN_RADIUS_KM);
        expect(offBundledRoadsMetres(point)).toBeLessThan(1);
      }
    }
  });

  it('routes between two places along the bundled roads, from the one to the other', async () => {
    const from = place('mukuba-university');
    const to = place('nkana-east');
    const route = await roadRoute(from, to);
    expect(route[0]).toEqual(from);
    expect(route.at(-1)).toEqual(to);
    // Between the ends' ways on and off the road, the drive keeps to the roads.
    const onRoad = route.slice(2, -2);
    expect(onRoad.length).toBeGreaterThan(0);
    for (const point of onRoad) expect(offBundledRoadsMetres(point)).toBeLessThan(5);
    const straight = metresBetween(from, to);
    expect(pathLengthMetres(route)).toBeGreaterThan(straight);
    expect(pathLengthMetres(route)).toBeLessThan(3 * straight);
  });

  it('picks cruising targets on the roads near the town', () => {
    for (const draw of [0, 0.13, 0.5, 0.77, 0.999]) {
      const target = pointOnNetwork(kitwe, draw);
      expect(offBundledRoadsMetres(target)).toBeLessThan(1);
      expect(haversineKm(target, cityById('kitwe').coordinates)).toBeLessThanOrEqual(TOWN_RADIUS_KM);
    }
  });
});

describe('mover', () => {
  it('covers the path a step at a time, facing the way it goes, and knows when it has arrived', () => {
    const mover = new Mover({ lat: -12.817, lng: 28.2 });
    const path = [{ lat: -12.83, lng: 28.23 }, { lat: -12.85, lng: 28.27 }];
    const length = pathLengthMetres([mover.position, ...path]);
    mover.follow(path);
    let ticks = 0;
    while (!mover.arrived) {
      expect(mover.advance(500)).toBe(true);
      ticks += 1;
    }
    expect(ticks).toBe(Math.ceil(length / 500));
    expect(mover.position).toEqual(path[1]);
    expect(mover.distanceMetres).toBeCloseTo(length, 0);
    expect(mover.heading).toBeGreaterThan(90);
    expect(mover.heading).toBeLessThan(135);
    expect(mover.advance(500)).toBe(false);
  });
});
