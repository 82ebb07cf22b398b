import { describe, expect, it } from 'vitest';
import { dialable, emergencyContacts } from './emergency.js';
import { isWithin, SEARCH_BOUNDS } from './geography.js';
import { paymentMethods, paymentProviders, providersOfType } from './payments.js';

describe('payment methods', () => {
  it('offers the seven methods, all available', () => {
    expect(paymentMethods.map((method) => method.id)).toEqual([
      'cash', 'airtel_money', 'mtn_money', 'zamtel_kwacha', 'credit_card', 'debit_card', 'bank_transfer',
    ]);
    expect(paymentMethods.every((method) => method.isAvailable)).toBe(true);
  });

  it('groups providers into mobile money, banks and wallets', () => {
    expect(providersOfType('mobile_money').map((provider) => provider.id)).toEqual(['airtel_money', 'mtn_money', 'zamtel_kwacha']);
    expect(providersOfType('bank').map((provider) => provider.id)).toEqual(['zanaco', 'fnb', 'standard_bank', 'stanbic', 'absa']);
    expect(providersOfType('digital_wallet').map((provider) => provider.id)).toEqual(['wise', 'flutterwave']);
    expect(new Set(paymentProviders.map((provider) => provider.id)).size).toBe(paymentProviders.length);
  });
});

describe('emergency numbers', () => {
  it('lists police, ambulance and lifeline with dialable numbers', () => {
    expect(emergencyContacts.map((contact) => contact.service)).toEqual(['police', 'ambulance', 'lifeline']);
    expect(emergencyContacts[0]!.numbers.map(dialable)).toEqual(['991', '0211220006']);
  });
});

describe('search bounds', () => {
  it('take in Ndola, which the spec’s box left out', () => {
    expect(isWithin(SEARCH_BOUNDS, { lat: -12.9587, lng: 28.6366 })).toBe(true);
    expect(isWithin(SEARCH_BOUNDS, { lat: -15.4167, lng: 28.2833 })).toBe(false); // Lusaka
  });
});
