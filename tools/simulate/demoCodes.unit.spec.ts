import { describe, expect, it } from 'vitest';
import { demoCode } from '../demo/totp.js';
import { DemoCodes } from './demoCodes.js';

describe('demo codes for sign-in', () => {
  it("gives the current period's code until one is refused, then the next period's, after waiting for it", async () => {
    // 100 ms before a period ends, on a clock that does not move (a test's fake clock).
    const at = new Date(Math.ceil(Date.parse('2026-12-01T08:00:00Z') / 30_000) * 30_000 + 29_900);
    const waits: number[] = [];
    const codes = new DemoCodes(() => at, (seconds) => waits.push(seconds));
    expect(await codes.next()).toBe(demoCode(at));
    codes.refused();
    codes.refused();
    expect(waits).toEqual([1]);
    const nextPeriod = new Date(at.getTime() + 100);
    expect(await codes.next()).toBe(demoCode(nextPeriod));
    expect(demoCode(nextPeriod)).not.toBe(demoCode(at));
  });
});
