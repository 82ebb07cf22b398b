import { describe, expect, it } from 'vitest';
import { createCommandServices, decideDeps } from './services.js';

describe('production command services', () => {
  it('draw uniform numbers in [0, 1) from the crypto source (PINs come from them)', () => {
    const services = createCommandServices({ store: {} as never, db: {} as never });
    const draws = Array.from({ length: 2000 }, () => services.random());
    expect(draws.every((x) => x >= 0 && x < 1)).toBe(true);
    expect(new Set(draws).size).toBeGreaterThan(1990);
    const mean = draws.reduce((a, b) => a + b, 0) / draws.length;
    expect(mean).toBeGreaterThan(0.45);
    expect(mean).toBeLessThan(0.55);
  });

  it('give deciders the clock reading of the moment and fresh ids', () => {
    const at = new Date('2026-11-22T06:00:00Z');
    const deps = decideDeps(createCommandServices({ store: {} as never, db: {} as never, clock: { now: () => at } }));
    expect(deps.now).toEqual(at);
    expect(deps.newId()).not.toBe(deps.newId());
  });
});
