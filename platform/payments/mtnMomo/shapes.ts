import { z } from 'zod';
import type { ProviderFailureReason } from '../port.js';

/**
 * MTN MoMo Open API bodies (momodeveloper.mtn.com, Collection and Disbursement products), read
 * strictly where we act on them: the token, a request-to-pay's (or refund's) status, and callbacks,
 * which carry the status body of the same operation.
 */
export const tokenReply = z.object({
  access_token: z.string().min(1),
  token_type: z.string().optional(),
  expires_in: z.coerce.number().int().positive(),
});

/** `reason` is a code string today; older deployments sent `{ code, message }`. */
const reason = z.union([z.string(), z.object({ code: z.string(), message: z.string().optional() })]).nullish();

export const transactionStatus = z.object({
  status: z.enum(['PENDING', 'SUCCESSFUL', 'FAILED']),
  reason,
  financialTransactionId: z.coerce.string().nullish(),
  externalId: z.coerce.string().nullish(),
  amount: z.coerce.string().nullish(),
  currency: z.string().nullish(),
});
export type TransactionStatus = z.infer<typeof transactionStatus>;

/** A callback reports the final result, with the status body of the operation it answers. */
export const callbackBody = transactionStatus.extend({ status: z.enum(['SUCCESSFUL', 'FAILED']), externalId: z.coerce.string() });

export const errorBody = z.object({ code: z.string(), message: z.string().optional() });

export const reasonCode = (value: TransactionStatus['reason']): string | null =>
  value === null || value === undefined ? null : typeof value === 'string' ? value : value.code;

/**
 * MTN's failure reasons (the Collection "ErrorReason" codes and the reasons its Get Status API
 * returns since the 2023 error enrichment) in our words.
 */
const reasons: Record<string, ProviderFailureReason> = {
  APPROVAL_REJECTED: 'declined',
  TRANSACTION_CANCELED: 'declined',
  NOT_ENOUGH_FUNDS: 'insufficient_funds',
  PAYER_NOT_FOUND: 'payer_not_found',
  PAYER_LIMIT_REACHED: 'payer_limit_reached',
  SENDER_ACCOUNT_NOT_ACTIVE: 'payer_account_inactive',
  EXPIRED: 'timed_out',
  COULD_NOT_PERFORM_TRANSACTION: 'timed_out',
  NOT_ALLOWED: 'not_allowed',
  NOT_ALLOWED_TARGET_ENVIRONMENT: 'not_allowed',
  PAYEE_NOT_ALLOWED_TO_RECEIVE: 'not_allowed',
  PAYEE_NOT_FOUND: 'not_allowed',
  INVALID_CALLBACK_URL_HOST: 'not_allowed',
  INVALID_CURRENCY: 'not_allowed',
};

export const failureReasonOf = (code: string | null): ProviderFailureReason => (code !== null && reasons[code]) || 'provider_error';
