import { describe, expect, it } from 'vitest';
import { WrongExpectedVersionError, type RecordedEvent } from '../../platform/eventStore/port.js';
import { isTransient } from '../../projections/runner/transientErrors.js';
import { ReactionConflictError, reactionContext } from './reaction.js';

const trigger = (id: string, correlationId?: string): RecordedEvent => ({
  id,
  type: 'BidAccepted',
  data: {},
  metadata: correlationId === undefined ? {} : { correlationId },
  streamName: 'ride-1',
  revision: 3n,
  position: { commit: 1n, prepare: 1n },
  created: new Date(0),
});

describe('reactionContext', () => {
  it('derives the same command id from the same event and reaction, and a different one otherwise', () => {
    const first = reactionContext(trigger('e1'), 'accepted:bid-1', 'bidSettlement');
    expect(reactionContext(trigger('e1'), 'accepted:bid-1', 'bidSettlement').commandId).toBe(first.commandId);
    expect(reactionContext(trigger('e1'), 'rejected:bid-2', 'bidSettlement').commandId).not.toBe(first.commandId);
    expect(reactionContext(trigger('e2'), 'accepted:bid-1', 'bidSettlement').commandId).not.toBe(first.commandId);
  });

  it('carries the triggering event’s correlation id on, with the event as the cause and the platform as the actor', () => {
    expect(reactionContext(trigger('e1', 'corr-9'), 'x', 'driverDuty')).toMatchObject({
      correlationId: 'corr-9',
      causationId: 'e1',
      actor: { userId: 'reactor:driverDuty', role: 'system' },
    });
    expect(reactionContext(trigger('e1'), 'x', 'driverDuty').correlationId).toBe('e1');
  });
});

describe('ReactionConflictError', () => {
  it('is transient to the runner, so a long conflict retries the batch instead of stopping the reactor', () => {
    const conflict = new WrongExpectedVersionError('bid-1', 2n, 3n);
    expect(isTransient(conflict)).toBe(false);
    expect(isTransient(new Error('batch failed', { cause: new ReactionConflictError(conflict) }))).toBe(true);
  });
});
