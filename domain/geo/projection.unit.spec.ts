import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { haversineKm, polylineLengthKm } from './distance.js';
import { distanceToPolylineKm, projectOntoPolyline, splitPolyline } from './projection.js';

const kitwe = { lat: -12.8024, lng: 28.2136 };
const ndola = { lat: -12.9587, lng: 28.6366 };
const east = (km: number) => ({ lat: kitwe.lat, lng: kitwe.lng + km / (111.195 * Math.cos((kitwe.lat * Math.PI) / 180)) });
const north = (km: number, from = kitwe) => ({ lat: from.lat + km / 111.195, lng: from.lng });

describe('distanceToPolylineKm', () => {
  it('is zero on the line and the perpendicular distance beside it', () => {
    const line = [kitwe, { lat: kitwe.lat, lng: kitwe.lng + 0.1 }];
    expect(distanceToPolylineKm({ lat: kitwe.lat, lng: kitwe.lng + 0.05 }, line)).toBeLessThan(0.001);
    // 0.01° of latitude is about 1.11 km, whatever the longitude.
    expect(distanceToPolylineKm({ lat: kitwe.lat + 0.01, lng: kitwe.lng + 0.05 }, line)).toBeCloseTo(1.112, 2);
  });

  it('measures to the nearest end beyond a segment, and from a single point as a point', () => {
    const line = [kitwe, { lat: kitwe.lat, lng: kitwe.lng + 0.1 }];
    const beyond = { lat: kitwe.lat, lng: kitwe.lng - 0.02 };
    expect(distanceToPolylineKm(beyond, line)).toBeCloseTo(haversineKm(beyond, kitwe), 3);
    expect(distanceToPolylineKm(ndola, [kitwe])).toBeCloseTo(haversineKm(ndola, kitwe), 6);
    expect(distanceToPolylineKm(ndola, [])).toBe(Number.POSITIVE_INFINITY);
  });

  it('never lies further from a polyline than from any of its vertices (within a town, to 0.1 %)', () => {
    const point = fc.record({ lat: fc.double({ min: -13.1, max: -12.5, noNaN: true }), lng: fc.double({ min: 27.9, max: 28.5, noNaN: true }) });
    fc.assert(
      fc.property(point, fc.array(point, { minLength: 1, maxLength: 6 }), (p, line) => {
        const nearestVertex = Math.min(...line.map((vertex) => haversineKm(p, vertex)));
        expect(distanceToPolylineKm(p, line)).toBeLessThanOrEqual(nearestVertex * 1.001 + 1e-9);
      }),
    );
  });
});

describe('projectOntoPolyline', () => {
  it('finds the foot of the perpendicular on the nearest segment, and how far along it lies', () => {
    // An L: 2 km east, then 2 km north. A point 300 m west of the second leg's middle.
    const line = [kitwe, east(2), north(2, east(2))];
    const beside = { lat: north(1, east(2)).lat, lng: east(1.7).lng };
    const projection = projectOntoPolyline(beside, line);
    expect(projection.segmentIndex).toBe(1);
    expect(projection.fraction).toBeCloseTo(0.5, 2);
    expect(projection.distanceKm).toBeCloseTo(0.3, 2);
    expect(haversineKm(projection.point, north(1, east(2)))).toBeLessThan(0.002);
  });

  it('stops at the ends: a point beyond the last vertex projects onto it', () => {
    const line = [kitwe, east(1)];
    const projection = projectOntoPolyline(east(1.5), line);
    expect(projection).toMatchObject({ segmentIndex: 0, fraction: 1 });
    expect(projection.point).toEqual(east(1));
    expect(projection.distanceKm).toBeCloseTo(0.5, 3);
  });

  it('projects onto a lone point, and refuses an empty polyline', () => {
    expect(projectOntoPolyline(east(1), [kitwe])).toMatchObject({ point: kitwe, segmentIndex: 0, fraction: 0 });
    expect(() => projectOntoPolyline(kitwe, [])).toThrow(/^polyline: /);
  });
});

describe('splitPolyline', () => {
  const line = [kitwe, east(1), east(2)];

  it('cuts inside a segment: both parts hold the cut point and add up to the whole', () => {
    const projection = projectOntoPolyline(north(0.2, east(1.5)), line);
    const [head, tail] = splitPolyline(line, projection);
    expect(head.at(-1)).toEqual(projection.point);
    expect(tail[0]).toEqual(projection.point);
    expect(head).toHaveLength(3);
    expect(tail).toHaveLength(2);
    expect(polylineLengthKm(head) + polylineLengthKm(tail)).toBeCloseTo(polylineLengthKm(line), 9);
    expect(polylineLengthKm(head)).toBeCloseTo(1.5, 2);
  });

  it('cuts at a vertex without repeating it', () => {
    const atVertex = projectOntoPolyline(north(0.3, east(1)), line);
    const [head, tail] = splitPolyline(line, atVertex);
    expect(head).toEqual([kitwe, east(1)]);
    expect(tail).toEqual([east(1), east(2)]);
  });

  it('cuts at either end, leaving one part a single point', () => {
    expect(splitPolyline(line, projectOntoPolyline(east(-1), line))).toEqual([[kitwe], line]);
    expect(splitPolyline(line, projectOntoPolyline(east(3), line))).toEqual([line, [east(2)]]);
  });
});
