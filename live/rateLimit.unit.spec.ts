import { describe, expect, it } from 'vitest';
import { TokenBucket } from './rateLimit.js';

describe('the per-socket message limit', () => {
  it('lets a burst through, then refuses until time refills the bucket at the sustained rate', () => {
    let now = 0;
    const bucket = new TokenBucket({ burst: 3, perSecond: 2 }, () => now);
    expect([bucket.take(), bucket.take(), bucket.take(), bucket.take()]).toEqual([true, true, true, false]);

    now += 400;
    expect(bucket.take()).toBe(false);
    now += 100;
    expect([bucket.take(), bucket.take()]).toEqual([true, false]);
  });

  it('never saves up more than the burst', () => {
    let now = 0;
    const bucket = new TokenBucket({ burst: 2, perSecond: 10 }, () => now);
    now += 60_000;
    expect([bucket.take(), bucket.take(), bucket.take()]).toEqual([true, true, false]);
  });

  it('refuses a limit that would let nothing through', () => {
    expect(() => new TokenBucket({ burst: 0, perSecond: 1 })).toThrow(/inboundRate/);
    expect(() => new TokenBucket({ burst: 5, perSecond: 0 })).toThrow(/inboundRate/);
  });
});
