import { describe, expect, it } from 'vitest';
import { containsPhoneNumber, MAX_RIDE_MESSAGE_LENGTH, rideMessageTextSchema } from './text.js';

describe('a phone number in a message', () => {
  it.each([
    'call me on 0971234567',
    'my number: 097 123 4567',
    '+260 97 123 4567',
    '+260-96-1234567',
    '(097)1234567',
    'WhatsApp 260771112223',
    '0 9 7 1 2 3 4 5 6 7',
    'landline 0211-220006',
    '1234567',
  ])('is found in "%s"', (text) => expect(containsPhoneNumber(text)).toBe(true));

  it.each([
    'I am at the blue gate, house 12',
    'Plate BAF 4521, silver Corolla',
    'The fare is K150',
    'K1,500 is too much',
    'In an emergency dial 991 or 933',
    'See you at 14:30',
    'Road 123456 is closed',
    'I will be there in 5 min',
  ])('is not found in "%s"', (text) => expect(containsPhoneNumber(text)).toBe(false));
});

describe('a message’s text', () => {
  it('is trimmed', () => expect(rideMessageTextSchema.parse('  at the gate \n')).toBe('at the gate'));

  it.each([
    ['   ', 'must not be blank'],
    ['x'.repeat(MAX_RIDE_MESSAGE_LENGTH + 1), 'must be at most 500 characters'],
    ['ring me 0971234567', 'must not contain a phone number'],
  ])('refuses %j: %s', (text, message) => {
    const result = rideMessageTextSchema.safeParse(text);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toContain(message);
  });
});
