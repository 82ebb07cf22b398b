import { describe, expect, it } from 'vitest';
import { dialable, emergencyContacts } from './emergency.js';
import { isWithin, SEARCH_BOUNDS } from './geography.js';
import {
  isMobileMoneyMethod,
  mobileMoneyMethods,
  mobileMoneyNetworks,
  offeredPaymentMethods,
  payableMethods,
  paymentMethods,
  paymentProviders,
  providersOfType,
} from './payments.js';

describe('payment methods', () => {
  it('names the seven methods; cash is always offered, the rest only when a configured provider collects them', () => {
    const offered = offeredPaymentMethods([]);
    expect(offered.map((method) => method.id)).toEqual([
      'cash', 'airtel_money', 'mtn_money', 'zamtel_kwacha', 'credit_card', 'debit_card', 'bank_transfer',
    ]);
    expect(offered.filter((method) => method.isAvailable).map((method) => method.id)).toEqual(['cash']);
    const withMtn = offeredPaymentMethods(['mtn_money']);
    expect(withMtn.filter((method) => method.isAvailable).map((method) => method.id)).toEqual(['cash', 'mtn_money']);
  });

  it('by default (the sandbox collects every wallet) offers cash and mobile money, never cards or bank transfers', () => {
    expect(paymentMethods.filter((method) => method.isAvailable).map((method) => method.id)).toEqual([
      'cash', 'airtel_money', 'mtn_money', 'zamtel_kwacha',
    ]);
  });

  it('puts each wallet on its network and pays rides only in cash or mobile money', () => {
    expect(mobileMoneyNetworks).toEqual({ mtn_money: 'mtn', airtel_money: 'airtel', zamtel_kwacha: 'zamtel' });
    expect([...payableMethods].sort()).toEqual(['cash', ...mobileMoneyMethods].sort());
    expect(isMobileMoneyMethod('mtn_money')).toBe(true);
    expect(isMobileMoneyMethod('cash')).toBe(false);
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
