import { z } from 'zod';
import { paymentProviderIds, paymentProviderIdSchema, providerTypes } from '../../../domain/catalogue/index.js';
import { ErrorBody, Instant, Uuid } from '../../support/http.js';

export const SavedMethod = z.object({
  id: z.uuid(),
  type: z.enum(providerTypes),
  provider: z.enum(paymentProviderIds),
  providerName: z.string(),
  accountNumber: z.string().describe('Masked: only the last four characters are shown'),
  isDefault: z.boolean(),
  isVerified: z.boolean().describe('False until the provider confirms the account'),
  createdAt: Instant,
});

export const SavedMethods = z.object({ methods: z.array(SavedMethod) });

export const AddMethodBody = z.object({
  provider: paymentProviderIdSchema.describe('From GET /api/payments/methods/catalogue'),
  accountNumber: z
    .string({ error: 'Account number is required' })
    .trim()
    .min(3, 'Account number must be at least 3 characters')
    .max(100, 'Account number must be at most 100 characters'),
  isDefault: z.boolean().default(false),
});

export const MethodParams = z.object({ id: Uuid });

/** The spec's payment request; validated so the form's mistakes still read as 400s. */
export const ProcessPaymentBody = z.object({
  amount: z
    .number({ error: 'Please select a payment method and enter a valid amount.' })
    .positive('Please select a payment method and enter a valid amount.'),
  currency: z.literal('ZMW', { error: 'currency must be ZMW' }).default('ZMW'),
  paymentMethod: z
    .string({ error: 'Please select a payment method and enter a valid amount.' })
    .min(1, 'Please select a payment method and enter a valid amount.')
    .max(50, 'Please select a payment method and enter a valid amount.'),
  accountNumber: z.string().max(100, 'Account number must be at most 100 characters').optional(),
  phoneNumber: z.string().max(25, 'Phone number must be at most 25 characters').optional(),
  /** Never stored, never logged. */
  pin: z.string().max(4, 'PIN must be at most 4 characters').optional(),
  userId: z.string().max(100, 'must be at most 100 characters').optional().describe('When sent, it must be your own id'),
});

export const NotAvailable = ErrorBody.describe("501 'payments_not_available': a later issue builds mobile-money payments");
