import { describe, expect, it } from 'vitest';
import { PageWindow } from './pageWindow.js';

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Puts pages 1..count, noting how far past the slowest lane each put got. */
async function readInto(window: PageWindow<number>, count: number, log: string[]) {
  for (let page = 1; page <= count; page++) {
    if (!(await window.put(page))) {
      log.push(`reader stopped before ${page}`);
      return;
    }
  }
  window.close();
}

describe('a window of pages shared by lanes', () => {
  it('gives every lane every page in order, each at its own pace, and holds the reader `ahead` pages past the slowest', async () => {
    const taken: number[][] = [[], []];
    const inWindow: number[] = [];
    const done: number[] = [];
    const window = new PageWindow<number>(2, 2, (page) => done.push(page));
    let slowGate: () => void = () => {};
    const reading = readInto(window, 6, []);
    const fast = window.runLane(0, async (page) => {
      taken[0]!.push(page);
    });
    const slow = window.runLane(1, async (page) => {
      await new Promise<void>((resolve) => (slowGate = resolve));
      taken[1]!.push(page);
    });

    for (let step = 0; step < 6; step++) {
      await turn();
      // The fast lane is at most 2 pages ahead of the slow one: the reader waits for room.
      inWindow.push(taken[0]!.length - taken[1]!.length);
      slowGate();
    }
    await Promise.all([reading, fast, slow]);

    expect(taken).toEqual([
      [1, 2, 3, 4, 5, 6],
      [1, 2, 3, 4, 5, 6],
    ]);
    expect(Math.max(...inWindow)).toBe(2);
    expect(done).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('takes a failing lane out: its error is thrown, and the others go on to the end without waiting for it', async () => {
    const healthy: number[] = [];
    const window = new PageWindow<number>(2, 1);
    const reading = readInto(window, 5, []);
    const good = window.runLane(0, async (page) => {
      healthy.push(page);
    });
    const bad = window.runLane(1, async (page) => {
      if (page === 2) throw new Error('cannot digest page 2');
    });

    await expect(bad).rejects.toThrow('cannot digest page 2');
    await Promise.all([reading, good]);
    expect(healthy).toEqual([1, 2, 3, 4, 5]);
  });

  it('stops the reader once every lane has failed', async () => {
    const log: string[] = [];
    const window = new PageWindow<number>(1, 1);
    const reading = readInto(window, 5, log);
    await expect(
      window.runLane(0, async () => {
        throw new Error('broken');
      }),
    ).rejects.toThrow('broken');
    await reading;
    expect(log).toEqual(['reader stopped before 2']);
  });
});
