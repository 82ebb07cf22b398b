import { describe, expect, it } from 'vitest';
import { mobileNumberProblem, normalisePhoneNumber, parseZambianMobile } from './phone.js';

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
});

describe('Zambian mobile numbers', () => {
  it.each([
    ['0961234567', 'mtn'],
    ['0761234567', 'mtn'],
    ['0971234567', 'airtel'],
    ['+260 77 123 4567', 'airtel'],
    ['260951234567', 'zamtel'],
    ['0751234567', 'zamtel'],
  ] as const)('%s is on %s', (input, network) => {
    expect(parseZambianMobile(input)?.network).toBe(network);
  });

  it('gives every spelling one MSISDN, E.164 and national form', () => {
    expect(parseZambianMobile('+260 96 123 4567')).toEqual({
      e164: '+260961234567',
      msisdn: '260961234567',
      national: '0961234567',
      network: 'mtn',
    });
  });

  it.each(['0211220006', '0981234567', '+27821234567', '097123'])('%s is not a Zambian mobile number', (input) => {
    expect(parseZambianMobile(input)).toBeNull();
    expect(mobileNumberProblem(input)).toMatch(/Zambian mobile number/);
  });

  it('names the network a number should be on', () => {
    expect(mobileNumberProblem('0971234567', 'mtn')).toBe('must be an MTN number (starting 096 or 076); 0971234567 is on Airtel');
    expect(mobileNumberProblem('0961234567', 'mtn')).toBeNull();
  });
});
