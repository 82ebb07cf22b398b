/**
 * Runs `tasks` with at most `concurrency` of them at once, each started in turn as a slot frees.
 * Every task that started settles before this does: then the first failure is thrown, or the
 * results come back in the tasks' order. A caller never finds one of its tasks still running
 * after it has moved on (a projection lane still writing when its page is read again).
 * `stopOnFailure`: no task starts after one has failed (those would be undone anyway).
 */
export async function settleWithin<Result>(
  tasks: readonly (() => Promise<Result>)[],
  concurrency: number,
  options: { stopOnFailure?: boolean } = {},
): Promise<Result[]> {
  const results = new Array<Result>(tasks.length);
  const failures: unknown[] = [];
  let next = 0;
  const slot = async () => {
    while (next < tasks.length && !(options.stopOnFailure && failures.length > 0)) {
      const index = next++;
      try {
        results[index] = await tasks[index]!();
      } catch (error) {
        failures.push(error);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(Math.max(1, concurrency), tasks.length) }, slot));
  if (failures.length > 0) throw failures[0];
  return results;
}
