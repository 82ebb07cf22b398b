import { describe, expect, it } from 'vitest';
import type { AllSubscriptionMessage, Position, RecordedEvent } from '../../platform/eventStore/port.js';
import { inBatches, type Batch } from './batches.js';

const at = (n: number): Position => ({ commit: 1n, prepare: BigInt(n) });
const event = (n: number): AllSubscriptionMessage => ({
  kind: 'event',
  event: {
    id: `e${n}`, type: 'Happened', data: {}, metadata: {}, streamName: 'thing-1',
    revision: BigInt(n), position: at(n), created: new Date(0),
  } satisfies RecordedEvent,
});
const summary = (batch: Batch) => ({
  events: batch.events.map((e) => e.id),
  position: batch.position.prepare,
  caughtUp: batch.caughtUp,
});

async function collect(messages: AsyncIterable<AllSubscriptionMessage>, maxEvents: number, count: number) {
  const batches: Batch[] = [];
  for await (const batch of inBatches(messages, maxEvents)) {
    batches.push(batch);
    if (batches.length === count) break;
  }
  return batches.map(summary);
}

describe('inBatches', () => {
  it('cuts a batch at the size limit and when the subscription catches up', async () => {
    async function* messages() {
      for (let n = 1; n <= 5; n++) yield event(n);
      yield { kind: 'caughtUp', position: at(5) } as const;
    }
    expect(await collect(messages(), 2, 3)).toEqual([
      { events: ['e1', 'e2'], position: 2n, caughtUp: false },
      { events: ['e3', 'e4'], position: 4n, caughtUp: false },
      { events: ['e5'], position: 5n, caughtUp: true },
    ]);
  });

  it('with fill, cuts only at the size limit and ends at the end of $all, asking for nothing past it', async () => {
    let asked = 0;
    const messages: AsyncIterable<AllSubscriptionMessage> = {
      [Symbol.asyncIterator]: () => {
        const queue: AllSubscriptionMessage[] = [event(1), event(2), event(3), { kind: 'caughtUp', position: at(3) }];
        return {
          next: async () => {
            asked += 1;
            const message = queue.shift();
            // Past the end, a live subscription would wait for news: this one never answers.
            return message ? { done: false, value: message } : new Promise<never>(() => {});
          },
        };
      },
    };
    const batches: Batch[] = [];
    for await (const batch of inBatches(messages, 2, { fill: true })) batches.push(batch);

    expect(batches.map(summary)).toEqual([
      { events: ['e1', 'e2'], position: 2n, caughtUp: false },
      { events: ['e3'], position: 3n, caughtUp: true },
    ]);
    expect(asked).toBe(4);
  });

  it('turns a checkpoint with no events into an empty batch that moves the position', async () => {
    async function* messages() {
      yield event(1);
      yield { kind: 'checkpoint', position: at(40) } as const;
      yield { kind: 'caughtUp', position: at(40) } as const;
    }
    expect(await collect(messages(), 10, 2)).toEqual([
      { events: ['e1'], position: 40n, caughtUp: false },
      { events: [], position: 40n, caughtUp: true },
    ]);
  });

  it('applies live events without waiting for a batch to fill', async () => {
    async function* messages() {
      yield { kind: 'caughtUp', position: at(0) } as const;
      yield event(1);
      yield event(2);
      await new Promise((resolve) => setTimeout(resolve, 50));
      yield event(3);
    }
    const started = Date.now();
    const batches: Batch[] = [];
    for await (const batch of inBatches(messages(), 100)) {
      batches.push(batch);
      if (batches.length === 2) break;
    }
    expect(batches.map(summary)).toEqual([
      { events: [], position: 0n, caughtUp: true },
      { events: ['e1', 'e2'], position: 2n, caughtUp: false },
    ]);
    expect(Date.now() - started).toBeLessThan(50);
  });

  it('passes on a failed read', async () => {
    async function* messages(): AsyncGenerator<AllSubscriptionMessage> {
      yield event(1);
      throw new Error('connection lost');
    }
    await expect(collect(messages(), 10, 5)).rejects.toThrow('connection lost');
  });
});
