import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { reactPerKey } from './perKey.js';

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe('reactPerKey', () => {
  it("keeps each key's events in order, runs keys side by side within the bound, and reacts to every keyed event once", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f', null), fc.nat()), { maxLength: 40 }), fc.integer({ min: 1, max: 5 }), async (pairs, concurrency) => {
        const events = pairs.map(([key, n], index) => ({ key, n, index }));
        const seen: number[] = [];
        let running = 0;
        let most = 0;
        const busyKeys = new Set<string>();
        await reactPerKey(
          events,
          (event) => event.key,
          async (event) => {
            expect(busyKeys.has(event.key!)).toBe(false);
            busyKeys.add(event.key!);
            most = Math.max(most, ++running);
            await tick();
            running--;
            busyKeys.delete(event.key!);
            seen.push(event.index);
          },
          concurrency,
        );
        const keyed = events.filter((event) => event.key !== null);
        expect([...seen].sort((a, b) => a - b)).toEqual(keyed.map((event) => event.index));
        for (const key of new Set(keyed.map((event) => event.key))) {
          const order = seen.filter((index) => events[index]!.key === key);
          expect(order).toEqual([...order].sort((a, b) => a - b));
        }
        expect(most).toBeLessThanOrEqual(concurrency);
        if (new Set(keyed.map((event) => event.key)).size >= 2 && concurrency >= 2) expect(most).toBeGreaterThan(1);
      }),
      { numRuns: 60 },
    );
  });

  it('lets every started key settle, then throws the first failure', async () => {
    const finished: string[] = [];
    const failing = reactPerKey(
      ['x', 'y', 'z'],
      (key) => key,
      async (key) => {
        await tick();
        if (key === 'x') throw new Error('x failed');
        await tick();
        finished.push(key);
      },
      3,
    );
    await expect(failing).rejects.toThrow('x failed');
    expect(finished.sort()).toEqual(['y', 'z']);
  });
});
