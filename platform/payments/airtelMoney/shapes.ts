import { z } from 'zod';
import type { ProviderFailureReason } from '../port.js';

/**
 * Airtel Money Open API bodies (developers.airtel.africa / developers.airtel.co.zm: Authorization,
 * Collection APIs, Encryption), read strictly where we act on them.
 */
export const tokenReply = z.object({
  access_token: z.string().min(1),
  /** Seconds, sent as a string ("180"). */
  expires_in: z.coerce.number().int().positive(),
  token_type: z.string().optional(),
});

export const statusBlock = z.object({
  code: z.coerce.string(),
  message: z.string().optional(),
  result_code: z.string().optional(),
  response_code: z.string().optional(),
  success: z.boolean(),
});

export const envelope = z.object({
  data: z
    .object({
      transaction: z
        .object({
          id: z.coerce.string().optional(),
          status: z.string().optional(),
          message: z.string().optional(),
          airtel_money_id: z.coerce.string().nullish(),
        })
        .optional(),
    })
    .nullish(),
  status: statusBlock,
});
export type Envelope = z.infer<typeof envelope>;

export const encryptionKeys = z.object({
  data: z.object({ key_id: z.coerce.string().optional(), key: z.string().min(1), valid_upto: z.string().optional() }),
  status: statusBlock,
});

/** What Airtel posts to the callback URL set on the application; `hash` only with callback authentication on. */
export const callbackBody = z.object({
  transaction: z.object({
    id: z.uuid(),
    message: z.string(),
    status_code: z.enum(['TS', 'TF']),
    airtel_money_id: z.string().min(1),
  }),
  hash: z.string().min(1).optional(),
});

/** Transaction enquiry statuses: TS success, TF failed, TE expired, TIP in progress, TA ambiguous. */
export const finalStatuses = { TS: 'succeeded', TF: 'failed', TE: 'failed' } as const;

/** The collection response codes (DP008000010xx) that say why a payment failed, in our words. */
const reasons: Record<string, ProviderFailureReason> = {
  DP00800001002: 'declined', // incorrect PIN
  DP00800001003: 'payer_limit_reached',
  DP00800001004: 'not_allowed', // amount below the minimum
  DP00800001005: 'timed_out', // the PIN was not entered
  DP00800001007: 'insufficient_funds',
  DP00800001008: 'declined', // refused
  DP00800001009: 'declined', // do not honour
  DP00800001010: 'payer_account_inactive', // barred or not registered on Airtel Money
  DP00800001024: 'timed_out',
  DP00800001029: 'timed_out', // expired
};

export const failureReasonOf = (responseCode: string | undefined): ProviderFailureReason =>
  (responseCode !== undefined && reasons[responseCode]) || 'provider_error';

/** Codes that say "still going" or "we do not know yet": ask again later. */
export const undecidedCodes = new Set(['DP00800001000', 'DP00800001006', 'ESB000001', 'ESB000004']);
/** The transaction id was used before: the earlier request stands. */
export const DUPLICATE_ID = 'ESB000041';
/** The enquiry knows no such transaction. */
export const notFoundCodes = new Set(['ESB000045', 'DP00800001025']);
