import { describe, expect, it } from 'vitest';
import { distanceToPolylineKm } from '../../domain/geo/index.js';
import { roadGrid } from '../../tests/support/roadGrid.js';
import { simplifyLine } from './summary.js';

const grid = roadGrid({ size: 6, spacingKm: 0.5 });

describe('simplifyLine', () => {
  it('drops the points a map would not show and keeps the corners, the first and the last', () => {
    // Along Street 0 eastwards with a point every 10 m, then north up Avenue 5.
    const east = Array.from({ length: 251 }, (_, step) => grid.offset(grid.at(0, 0), 0, step * 0.01));
    const north = Array.from({ length: 101 }, (_, step) => grid.offset(grid.at(5, 0), step * 0.01, 0)).slice(1);
    const line = [...east, ...north];
    const simplified = simplifyLine(line);
    expect(simplified.length).toBe(3);
    expect(simplified[0]).toEqual({ lat: Number(line[0]!.lat.toFixed(6)), lng: Number(line[0]!.lng.toFixed(6)) });
    expect(distanceToPolylineKm(grid.at(5, 0), simplified)).toBeLessThan(0.001);
    for (const point of line) expect(distanceToPolylineKm(point, simplified)).toBeLessThan(0.012);
  });

  it('never keeps more than the limit, however winding the line', () => {
    const zigzag = Array.from({ length: 5000 }, (_, step) => grid.offset(grid.at(0, 0), (step % 2) * 0.05, step * 0.002));
    expect(simplifyLine(zigzag, 0.0001, 1000).length).toBeLessThanOrEqual(1000);
  });
});
