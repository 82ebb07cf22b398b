import { describe, expect, it } from 'vitest';
import { PhoneNumber } from './accounts.js';

describe('phone numbers', () => {
  it('the schema gives the spec’s minimum-length message first', () => {
    const result = PhoneNumber.safeParse('0977');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Phone number must be at least 10 characters');
  });
});
