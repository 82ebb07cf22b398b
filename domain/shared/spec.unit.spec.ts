import { describe, expect, it } from 'vitest';
import type { Decider } from './decider.js';
import { DomainError } from './errors.js';
import { DeciderSpecification, fixedDeps, SpecificationMismatch } from './spec.js';

type CounterEvent = { type: 'Incremented'; data: { by: number; at: string; id: string } };
type CounterCommand = { type: 'Increment'; data: { by: number } };

/** A counter that refuses to pass 3: just enough decider to exercise the specification. */
const counter: Decider<number, CounterCommand, CounterEvent> = {
  initialState: () => 0,
  evolve: (total, event) => total + event.data.by,
  decide: (command, total, deps) => {
    if (command.data.by === 0) return [];
    if (total + command.data.by > 3) throw new DomainError('conflict', `Counter would reach ${total + command.data.by}`);
    return [{ type: 'Incremented', data: { by: command.data.by, at: deps.now.toISOString(), id: deps.newId() } }];
  },
};

const spec = DeciderSpecification.for(counter);
const incremented = (by: number, id = 'id-1'): CounterEvent => ({ type: 'Incremented', data: { by, at: '2025-01-15T08:00:00.000Z', id } });
const increment = (by: number): CounterCommand => ({ type: 'Increment', data: { by } });

describe('DeciderSpecification', () => {
  it('passes when the command produces exactly the expected events', () => {
    expect(() => spec([incremented(1)]).when(increment(2)).then([incremented(2)])).not.toThrow();
  });

  it('names the field that differs when the events do not match', () => {
    expect(() => spec([]).when(increment(2)).then([incremented(1)])).toThrow(/events\[0\]\.data\.by: expected 1, got 2/);
  });

  it('says how many events were expected when the counts differ', () => {
    expect(() => spec([]).when(increment(1)).then([incremented(1), incremented(1)])).toThrow(/expected 2 items, got 1/);
    expect(() => spec([]).when(increment(1)).thenNothingHappened()).toThrow(SpecificationMismatch);
    expect(() => spec([]).when(increment(0)).thenNothingHappened()).not.toThrow();
  });

  it('checks the refusal code and message', () => {
    expect(() => spec([incremented(3)]).when(increment(1)).thenThrows('conflict', 'reach 4')).not.toThrow();
    expect(() => spec([incremented(3)]).when(increment(1)).thenThrows('forbidden')).toThrow(/Expected a DomainError 'forbidden', but got 'conflict'/);
    expect(() => spec([incremented(3)]).when(increment(1)).thenThrows('conflict', /reach 5/)).toThrow(/had message "Counter would reach 4"/);
    expect(() => spec([]).when(increment(1)).thenThrows('conflict')).toThrow(/but it produced/);
  });
});

describe('fixedDeps', () => {
  it('hands out the given ids in order, then numbered ones', () => {
    const deps = fixedDeps({ ids: ['ride-1'] });
    expect([deps.newId(), deps.newId(), deps.newId()]).toEqual(['ride-1', 'id-2', 'id-3']);
  });

  it('cycles through the given random draws and fixes the clock', () => {
    const deps = fixedDeps({ now: '2025-03-01T06:00:00.000Z', random: [0.1, 0.9] });
    expect([deps.random(), deps.random(), deps.random()]).toEqual([0.1, 0.9, 0.1]);
    expect(deps.now.toISOString()).toBe('2025-03-01T06:00:00.000Z');
  });

  it('refuses a draw outside [0, 1)', () => {
    expect(() => fixedDeps({ random: 1 })).toThrow(RangeError);
  });
});
