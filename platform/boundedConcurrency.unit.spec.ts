import { describe, expect, it } from 'vitest';
import { settleWithin } from './boundedConcurrency.js';

/** Tasks that record how many run at once and finish when released, in any order. */
function tasksOf(count: number, fail: (index: number) => boolean = () => false) {
  let running = 0;
  const peak = { value: 0 };
  const started: number[] = [];
  const settled: number[] = [];
  const release: Array<() => void> = [];
  const tasks = Array.from({ length: count }, (_, index) => async () => {
    started.push(index);
    running += 1;
    peak.value = Math.max(peak.value, running);
    await new Promise<void>((resolve) => release.push(resolve));
    running -= 1;
    settled.push(index);
    if (fail(index)) throw new Error(`task ${index} failed`);
    return index * 10;
  });
  /** Lets every waiting task finish, newest first, until none is left. */
  const drain = async () => {
    for (let round = 0; round < 100; round++) {
      await new Promise((resolve) => setImmediate(resolve));
      while (release.length > 0) release.pop()!();
    }
  };
  return { tasks, peak, started, settled, drain };
}

describe('settleWithin', () => {
  it('runs at most `concurrency` tasks at once and answers their results in task order', async () => {
    const { tasks, peak, drain } = tasksOf(9);
    const done = settleWithin(tasks, 3);
    await drain();
    expect(await done).toEqual([0, 10, 20, 30, 40, 50, 60, 70, 80]);
    expect(peak.value).toBe(3);
  });

  it('throws the first failure only once every started task has settled, and starts the rest unless told to stop', async () => {
    const all = tasksOf(6, (index) => index === 1 || index === 4);
    const outcome = settleWithin(all.tasks, 2).then(
      () => 'resolved',
      (error: Error) => ({ error: error.message, settledThen: [...all.settled] }),
    );
    await all.drain();
    const answer = await outcome;
    expect(answer).toMatchObject({ error: expect.stringMatching(/^task [14] failed$/) });
    expect((answer as { settledThen: number[] }).settledThen.toSorted()).toEqual([0, 1, 2, 3, 4, 5]);

    const stopping = tasksOf(6, (index) => index === 0);
    const stopped = settleWithin(stopping.tasks, 2, { stopOnFailure: true }).catch((error: Error) => error.message);
    await stopping.drain();
    expect(await stopped).toBe('task 0 failed');
    // Task 1 was running beside task 0 and settled too; nothing started after the failure.
    expect(stopping.started.toSorted()).toEqual(stopping.settled.toSorted());
    expect(stopping.started.length).toBeLessThan(6);
  });

  it('answers nothing for no tasks', async () => {
    expect(await settleWithin([], 4)).toEqual([]);
  });
});
