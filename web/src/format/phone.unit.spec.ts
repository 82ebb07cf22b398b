import { describe, expect, it } from 'vitest';
import { formatZambianPhone, maskZambianPhone, telHref } from './phone.js';

describe('Zambian phone numbers', () => {
  it('are shown with +260, mobiles as 2-3-4 digits and landlines as 3-3-3', () => {
    expect(formatZambianPhone('0977123456')).toBe('+260 97 712 3456');
    expect(formatZambianPhone('+260 96 555 0101')).toBe('+260 96 555 0101');
    expect(formatZambianPhone('260761234567')).toBe('+260 76 123 4567');
    expect(formatZambianPhone('0211-220006')).toBe('+260 211 220 006');
  });

  it('leave short codes and foreign numbers as they are', () => {
    expect(formatZambianPhone('991')).toBe('991');
    expect(formatZambianPhone('+27 11 123 4567')).toBe('+27 11 123 4567');
  });

  it('dial full numbers in international form and short codes as digits', () => {
    expect(telHref('0211-220006')).toBe('tel:+260211220006');
    expect(telHref('991')).toBe('tel:991');
  });

  it('mask all but the last four digits, keeping the country code', () => {
    expect(maskZambianPhone('0977123456')).toBe('+260 •• ••• 3456');
  });
});
