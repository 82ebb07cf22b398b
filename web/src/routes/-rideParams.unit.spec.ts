import { isNotFound } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { rideIdParams } from './-rideParams.js';

describe('a ride id in the path', () => {
  it('passes an id the server issues', () => {
    expect(rideIdParams.parse({ rideId: 'r_01HZX2.a:b-c' })).toEqual({ rideId: 'r_01HZX2.a:b-c' });
  });

  it('is not found when malformed: spaces, slashes, quotes, a leading dash, too long', () => {
    for (const rideId of ['has space', '../etc', '"quoted"', '-dash', 'x'.repeat(101), '']) {
      let thrown: unknown;
      try {
        rideIdParams.parse({ rideId });
      } catch (error) {
        thrown = error;
      }
      expect(isNotFound(thrown), rideId).toBe(true);
    }
  });
});
