import { describe, expect, it } from 'vitest';
import { idInStream, isStreamOf, streamCategories, streamName, streamPrefix } from './streams.js';

describe('stream categories', () => {
  it('name a stream <category>-<id> and read the id back', () => {
    expect(streamName('ride', 'r1')).toBe('ride-r1');
    expect(streamName('driverDuty', 'd1')).toBe('driver-d1');
    expect(idInStream('driverDuty', 'driver-d1')).toBe('d1');
    expect(idInStream('ride', 'rideChecks-r1')).toBeNull();
  });

  it('tell categories apart even when one name starts another (driver-, driverVerification-; ride-, rideChecks-)', () => {
    expect(isStreamOf('driverDuty', 'driverVerification-d1')).toBe(false);
    expect(isStreamOf('ride', 'rideMessages-r1')).toBe(false);
    expect(isStreamOf('driverVerification', 'driverVerification-d1')).toBe(true);
  });

  it('give every category its own prefix, none of them a prefix of another', () => {
    const prefixes = (Object.keys(streamCategories) as Array<keyof typeof streamCategories>).map(streamPrefix);
    expect(new Set(prefixes).size).toBe(prefixes.length);
    for (const a of prefixes) for (const b of prefixes) if (a !== b) expect(b.startsWith(a)).toBe(false);
  });
});
