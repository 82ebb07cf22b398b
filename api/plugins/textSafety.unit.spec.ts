import { describe, expect, it } from 'vitest';
import { findUnstorableText } from './textSafety.js';

describe('findUnstorableText', () => {
  it('passes ordinary text, emoji, right-to-left and Chinese', () => {
    expect(findUnstorableText({ a: 'Kitwe → Ndola 🚕', b: ['مرحبا', '你好'], n: 3 }, 'body')).toBeNull();
  });
  it('names the field holding a NUL byte or half a surrogate pair, keys included', () => {
    expect(findUnstorableText({ pickup: { address: 'Freedom\u0000Park' } }, 'body')).toBe('body.pickup.address');
    expect(findUnstorableText({ list: ['ok', 'bad\uD83D'] }, 'body')).toBe('body.list[1]');
    expect(findUnstorableText({ x: '\uDE00 alone' }, 'body')).toBe('body.x');
    expect(findUnstorableText({ ['k\u0000ey']: 1 }, 'body')).toBe('body.k\u0000ey');
  });
});
