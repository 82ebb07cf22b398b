import { describe, expect, it } from 'vitest';
import { ReadPosition } from './readPosition.js';

describe('a client’s read position', () => {
  it('keeps the furthest position it is told of, comparing as the server does (transaction, then place), and ignores anything else', () => {
    const position = new ReadPosition();
    expect(position.headers()).toEqual({});
    position.remember('900/15');
    position.remember('1000/12');
    expect(position.current).toBe('1000/12');
    // An older answer (a slow request, an old live message) never moves it back.
    position.remember('999/40');
    position.remember('1000/11');
    expect(position.current).toBe('1000/12');
    position.remember('1000/13');
    for (const junk of [null, undefined, '', 'later', '12', '1/2/3', `${'9'.repeat(40)}/1`]) position.remember(junk);
    expect(position.headers()).toEqual({ 'tiyende-min-position': '1000/13' });
  });
});
