import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '../../platform/eventStore/port.js';
import { ownStream } from './handleCommand.js';

const recorded = (streamName: string, revision: number): RecordedEvent =>
  ({ id: `${streamName}-${revision}`, type: 'Happened', data: {}, metadata: {}, streamName, revision: BigInt(revision), position: { commit: BigInt(revision), prepare: BigInt(revision) }, created: new Date(0) }) as unknown as RecordedEvent;

describe('a stream the caller has read, given to a command', () => {
  it('is decided on when every event is the stream’s own, as a copy the command may not change for the caller', () => {
    const read = [recorded('ride-1', 0), recorded('ride-1', 1)];
    const given = ownStream(read, 'ride-1');
    expect(given).toEqual(read);
    expect(given).not.toBe(read);
  });

  it('is read again when any event is another stream’s, or when none was given', () => {
    expect(ownStream([recorded('ride-1', 0), recorded('ride-2', 1)], 'ride-1')).toBeUndefined();
    expect(ownStream([recorded('bid-1', 0)], 'ride-1')).toBeUndefined();
    expect(ownStream(undefined, 'ride-1')).toBeUndefined();
  });
});
