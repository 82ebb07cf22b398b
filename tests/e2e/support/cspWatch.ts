import { afterEach, expect } from 'vitest';
import { cspViolations } from './browser.js';

/** Every browser test runs under the Content-Security-Policy: one it trips fails the test. */
afterEach(() => {
  const found = cspViolations.splice(0);
  expect(found, 'Content-Security-Policy violations').toEqual([]);
});
