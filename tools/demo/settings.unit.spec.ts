import { describe, expect, it } from 'vitest';
import { demoDataWanted } from './settings.js';

describe('DEMO_DATA', () => {
  it('seeds by default outside production, and never in production unless asked in so many words', () => {
    expect(demoDataWanted({ NODE_ENV: 'development' })).toBe(true);
    expect(demoDataWanted({ NODE_ENV: 'test', DEMO_DATA: '' })).toBe(true);
    expect(demoDataWanted({ NODE_ENV: 'production' })).toBe(false);
    expect(demoDataWanted({ NODE_ENV: 'production', DEMO_DATA: 'on' })).toBe(true);
    expect(demoDataWanted({ NODE_ENV: 'development', DEMO_DATA: 'OFF' })).toBe(false);
  });

  it('names the variable when its value is neither on nor off', () => {
    expect(() => demoDataWanted({ NODE_ENV: 'production', DEMO_DATA: 'yes' })).toThrow(/DEMO_DATA: must be on or off \(was "yes"\)/);
  });
});
