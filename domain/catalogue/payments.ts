import { z } from 'zod';

/** How a rider may pay for a ride (spec 000 §3, 001 §3). All are offered. */
export const paymentMethodIds = [
  'cash',
  'airtel_money',
  'mtn_money',
  'zamtel_kwacha',
  'credit_card',
  'debit_card',
  'bank_transfer',
] as const;
export const paymentMethodIdSchema = z.enum(paymentMethodIds);
export type PaymentMethodId = z.infer<typeof paymentMethodIdSchema>;

export interface PaymentMethod {
  id: PaymentMethodId;
  name: string;
  description: string;
  kind: 'cash' | 'mobile_money' | 'card' | 'bank_transfer';
  isAvailable: boolean;
}

export const paymentMethods: readonly PaymentMethod[] = [
  { id: 'cash', name: 'Cash', description: 'Pay the driver in kwacha at the end of the trip', kind: 'cash', isAvailable: true },
  { id: 'airtel_money', name: 'Airtel Money', description: 'Pay from your Airtel Money wallet', kind: 'mobile_money', isAvailable: true },
  { id: 'mtn_money', name: 'MTN Mobile Money', description: 'Pay from your MTN MoMo wallet', kind: 'mobile_money', isAvailable: true },
  { id: 'zamtel_kwacha', name: 'Zamtel Kwacha', description: 'Pay from your Zamtel Kwacha wallet', kind: 'mobile_money', isAvailable: true },
  { id: 'credit_card', name: 'Credit Card', description: 'Visa or Mastercard credit card', kind: 'card', isAvailable: true },
  { id: 'debit_card', name: 'Debit Card', description: 'Visa or Mastercard debit card', kind: 'card', isAvailable: true },
  { id: 'bank_transfer', name: 'Bank Transfer', description: 'Transfer from your Zambian bank account', kind: 'bank_transfer', isAvailable: true },
];

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
export const paymentProviderIdSchema = z.enum(paymentProviderIds);
export type PaymentProviderId = z.infer<typeof paymentProviderIdSchema>;

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
