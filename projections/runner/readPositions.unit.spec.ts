import { EventEmitter } from 'node:events';
import type pg from 'pg';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { parsePosition } from '../../platform/eventStore/port.js';
import { READ_POSITIONS_CHANNEL, ReadPositions } from './readPositions.js';

/** A LISTEN connection: it hears notifications and can be lost (an `error`, as pg emits). */
class FakeClient extends EventEmitter {
  released = false;
  async query(): Promise<void> {}
  release(): void {
    this.released = true;
  }
  announce(position: string, names: string[]): void {
    this.emit('notification', { channel: READ_POSITIONS_CHANNEL, payload: JSON.stringify({ p: position, n: names }) });
  }
}

/** A pool whose `connect` answers or refuses as the test says, noting when it was asked. */
function fakePool() {
  const state = { up: true, attempts: [] as number[], clients: [] as FakeClient[] };
  const pool = {
    async connect() {
      state.attempts.push(Date.now());
      if (!state.up) throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
      const client = new FakeClient();
      state.clients.push(client);
      return client;
    },
    async query() {
      if (!state.up) throw new Error('Connection terminated unexpectedly');
      return { rows: [] };
    },
  };
  return { pool: pool as unknown as pg.Pool, state, current: () => state.clients.at(-1)! };
}

describe('ReadPositions after its LISTEN connection is lost', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 0 });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('listens again with pauses that double while the database stays away, and starts over once it is back', async () => {
    const { pool, state, current } = fakePool();
    const positions = new ReadPositions(pool, { reconnectMs: 1_000 });
    await positions.start();
    expect(state.attempts).toEqual([0]);

    state.up = false;
    current().emit('error', new Error('terminating connection due to administrator command'));
    await vi.advanceTimersByTimeAsync(15_000 - 1);
    // Tried after 1 s, then 2 s and 4 s later: 1 000, 3 000, 7 000; the next is due at 15 000.
    expect(state.attempts).toEqual([0, 1_000, 3_000, 7_000]);

    state.up = true;
    await vi.advanceTimersByTimeAsync(1);
    expect(state.attempts).toEqual([0, 1_000, 3_000, 7_000, 15_000]);
    // Listening again: a page's announcement reaches it.
    current().announce('5/5', ['rides']);
    expect(positions.behind(['rides'], parsePosition('5/5'))).toEqual([]);

    // Lost again later: the first pause is the short one again.
    await vi.advanceTimersByTimeAsync(60_000);
    current().emit('error', new Error('Connection terminated unexpectedly'));
    await vi.advanceTimersByTimeAsync(1_000);
    expect(state.attempts.at(-1)).toBe(76_000);
    await positions.stop();
  });

  it('stops trying once stopped', async () => {
    const { pool, state, current } = fakePool();
    const positions = new ReadPositions(pool, { reconnectMs: 1_000 });
    await positions.start();
    state.up = false;
    current().emit('error', new Error('Connection terminated unexpectedly'));
    await positions.stop();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(state.attempts).toEqual([0]);
  });
});
