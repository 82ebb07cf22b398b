import type { MobileNetwork } from '../shared/phone.js';

/** How a rider may pay (spec 000 §3, 001 §3): the catalogue names all seven; configuration decides which are offered. */
export const paymentMethodIds = [
  'cash',
  'airtel_money',
  'mtn_money',
  'zamtel_kwacha',
  'credit_card',
  'debit_card',
  'bank_transfer',
] as const;
export type PaymentMethodId = (typeof paymentMethodIds)[number];

/** The mobile-money wallets, each on one network: the payer's number must be on it. */
export const mobileMoneyNetworks = { mtn_money: 'mtn', airtel_money: 'airtel', zamtel_kwacha: 'zamtel' } as const satisfies Record<
  string,
  MobileNetwork
>;
export type MobileMoneyMethod = keyof typeof mobileMoneyNetworks;
export const mobileMoneyMethods = Object.keys(mobileMoneyNetworks) as MobileMoneyMethod[];
export const isMobileMoneyMethod = (method: string): method is MobileMoneyMethod => Object.hasOwn(mobileMoneyNetworks, method);

/**
 * What a ride can be paid with at all: cash to the driver, or a mobile-money wallet through a
 * provider. Cards and bank transfers stay in the catalogue but no provider collects them yet.
 */
export const payableMethods = ['cash', 'mtn_money', 'airtel_money', 'zamtel_kwacha'] as const satisfies ReadonlyArray<
  'cash' | MobileMoneyMethod
>;
export type PayableMethod = (typeof payableMethods)[number];

export interface PaymentMethodEntry {
  id: PaymentMethodId;
  name: string;
  description: string;
  kind: 'cash' | 'mobile_money' | 'card' | 'bank_transfer';
}

export interface PaymentMethod extends PaymentMethodEntry {
  isAvailable: boolean;
}

export const paymentMethodCatalogue: readonly PaymentMethodEntry[] = [
  { id: 'cash', name: 'Cash', description: 'Pay the driver in kwacha at the end of the trip', kind: 'cash' },
  { id: 'airtel_money', name: 'Airtel Money', description: 'Pay from your Airtel Money wallet', kind: 'mobile_money' },
  { id: 'mtn_money', name: 'MTN Mobile Money', description: 'Pay from your MTN MoMo wallet', kind: 'mobile_money' },
  { id: 'zamtel_kwacha', name: 'Zamtel Kwacha', description: 'Pay from your Zamtel Kwacha wallet', kind: 'mobile_money' },
  { id: 'credit_card', name: 'Credit Card', description: 'Visa or Mastercard credit card', kind: 'card' },
  { id: 'debit_card', name: 'Debit Card', description: 'Visa or Mastercard debit card', kind: 'card' },
  { id: 'bank_transfer', name: 'Bank Transfer', description: 'Transfer from your Zambian bank account', kind: 'bank_transfer' },
];

/**
 * The catalogue as offered: cash always (the driver collects it), every other method only when a
 * configured payment provider collects it (`collectedByProviders`, from the platform's configuration).
 */
export function offeredPaymentMethods(collectedByProviders: Iterable<PaymentMethodId>): PaymentMethod[] {
  const collected = new Set<PaymentMethodId>(collectedByProviders);
  return paymentMethodCatalogue.map((method) => ({ ...method, isAvailable: method.id === 'cash' || collected.has(method.id) }));
}

/**
 * The catalogue as the default configuration offers it: the built-in sandbox provider collects
 * every mobile-money wallet, and no provider collects cards or bank transfers. Whatever serves the
 * catalogue with a configuration at hand calls offeredPaymentMethods with what it configured.
 */
export const paymentMethods: readonly PaymentMethod[] = offeredPaymentMethods(mobileMoneyMethods);

/** Who holds a saved payment account (spec 001 §3 provider catalogue). */
export const providerTypes = ['mobile_money', 'bank', 'digital_wallet'] as const;
export type ProviderType = (typeof providerTypes)[number];

export const paymentProviderIds = [
  'airtel_money',
  'mtn_money',
  'zamtel_kwacha',
  'zanaco',
  'fnb',
  'standard_bank',
  'stanbic',
  'absa',
  'wise',
  'flutterwave',
] as const;
export type PaymentProviderId = (typeof paymentProviderIds)[number];

export interface PaymentProvider {
  id: PaymentProviderId;
  name: string;
  type: ProviderType;
}

export const paymentProviders: readonly PaymentProvider[] = [
  { id: 'airtel_money', name: 'Airtel Money', type: 'mobile_money' },
  { id: 'mtn_money', name: 'MTN Mobile Money', type: 'mobile_money' },
  { id: 'zamtel_kwacha', name: 'Zamtel Kwacha', type: 'mobile_money' },
  { id: 'zanaco', name: 'Zanaco', type: 'bank' },
  { id: 'fnb', name: 'First National Bank', type: 'bank' },
  { id: 'standard_bank', name: 'Standard Bank', type: 'bank' },
  { id: 'stanbic', name: 'Stanbic Bank', type: 'bank' },
  { id: 'absa', name: 'Absa Bank', type: 'bank' },
  { id: 'wise', name: 'Wise', type: 'digital_wallet' },
  { id: 'flutterwave', name: 'Flutterwave', type: 'digital_wallet' },
];

export const providersOfType = (type: ProviderType): PaymentProvider[] =>
  paymentProviders.filter((provider) => provider.type === type);
