import { describe, expect, it } from 'vitest';
import { averageRating } from './foldProfile.js';

describe('averageRating: riders\' stars to one decimal, half up', () => {
  it.each([
    [0, 0, null],
    [5, 1, 5],
    [13, 3, 4.3],
    [14, 3, 4.7],
    [17, 4, 4.3], // 4.25 rounds up
    [29, 6, 4.8],
    [9, 2, 4.5],
    [1, 1, 1],
  ])('%i stars over %i ratings → %s', (total, count, expected) => {
    expect(averageRating(total, count)).toBe(expected);
  });
});
