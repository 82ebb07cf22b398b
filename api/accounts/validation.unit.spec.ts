import { describe, expect, it } from 'vitest';
import { normalisePhoneNumber, PhoneNumber } from './validation.js';

describe('phone numbers', () => {
  it.each([
    ['0971234567', '+260971234567'],
    ['097 123 4567', '+260971234567'],
    ['(097) 123-4567', '+260971234567'],
    ['260971234567', '+260971234567'],
    ['+260 97 123 4567', '+260971234567'],
    ['00260971234567', '+260971234567'],
    ['+27 82 123 4567', '+27821234567'],
  ])('%s is stored as %s', (input, stored) => {
    expect(normalisePhoneNumber(input)).toBe(stored);
  });

  it.each(['+260 97 123 456', '+260 97 123 45678', '971234567x', '12345678901', '+0 123 456 789'])('%s is refused', (input) => {
    expect(normalisePhoneNumber(input)).toBeNull();
  });

  it('the schema gives the spec’s minimum-length message first', () => {
    const result = PhoneNumber.safeParse('0977');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Phone number must be at least 10 characters');
  });
});
