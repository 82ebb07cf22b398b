import { describe, expect, it } from 'vitest';
import { knownPlaces } from '../../domain/catalogue/index.js';
import { Mover } from './mover.js';
import { metresBetween, pathLengthMetres, pointOnNetwork, roadNetwork, roadRoute, snapToRoad } from './roads.js';

const kitwe = roadNetwork('kitwe');
const place = (id: string) => knownPlaces.find((candidate) => candidate.id === id)!.coordinates;
/** Within this many metres of some segment of the network. */
const offRoadMetres = (point: { lat: number; lng: number }) => metresBetween(point, snapToRoad(kitwe, point).point);

describe('town roads', () => {
  it('snaps a point on a road to itself, and a point beside a road onto it', () => {
    const onRoad = { lat: -12.83, lng: 28.23 };
    expect(metresBetween(snapToRoad(kitwe, onRoad).point, onRoad)).toBeLessThan(1);
    const beside = { lat: -12.8, lng: 28.196 };
    const snapped = snapToRoad(kitwe, beside);
    expect(metresBetween(snapped.point, beside)).toBeLessThan(metresBetween(beside, { lat: -12.817, lng: 28.2 }));
    expect(offRoadMetres(snapped.point)).toBeLessThan(1);
  });

  it('routes between places on two different roads through the central junction, staying on the roads between the ends', () => {
    const from = place('mukuba-university');
    const to = place('nkana-east');
    const route = roadRoute(kitwe, from, to);
    expect(route[0]).toEqual(from);
    expect(route.at(-1)).toEqual(to);
    expect(route).toContainEqual({ lat: -12.817, lng: 28.2 });
    for (const point of route.slice(1, -1)) expect(offRoadMetres(point)).toBeLessThan(1);
    // Along the roads is longer than the crow flies, but not absurdly so.
    const straight = metresBetween(from, to);
    expect(pathLengthMetres(route)).toBeGreaterThan(straight);
    expect(pathLengthMetres(route)).toBeLessThan(3 * straight);
  });

  it('stays on one road, in the right direction, when both ends lie along it', () => {
    const route = roadRoute(kitwe, { lat: -12.845, lng: 28.265 }, { lat: -12.825, lng: 28.215 });
    expect(route).toContainEqual({ lat: -12.83, lng: 28.23 });
    expect(route).not.toContainEqual({ lat: -12.817, lng: 28.2 });
  });

  it('picks cruising targets on the network', () => {
    for (const draw of [0, 0.13, 0.5, 0.77, 0.999]) expect(offRoadMetres(pointOnNetwork(kitwe, draw))).toBeLessThan(1);
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
