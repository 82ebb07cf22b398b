import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

/**
 * The product's ordinary tables: what is neither a lifecycle worth event-sourcing nor part of the
 * accounts. Support messages from the contact form, the admin audit log (changes to accounts,
 * which are not events), and each user's saved payment accounts.
 */

export { SUPPORT_CATEGORIES, SUPPORT_URGENCIES, SUPPORT_STATUSES } from '../domain/support/index.js';
export type { SupportCategory, SupportUrgency, SupportStatus } from '../domain/support/index.js';
import type { SupportCategory, SupportUrgency, SupportStatus } from '../domain/support/index.js';

export interface SupportMessagesTable {
  id: string;
  /** The signed-in sender, if any: visitors may write too. */
  user_id: string | null;
  name: string;
  email: string;
  subject: string;
  category: SupportCategory;
  message: string;
  urgency: SupportUrgency;
  status: SupportStatus;
  /** The ride the message is about, when it was reported from one of the sender's rides. */
  ride_id: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Date;
  updated_at: Date;
}

export interface AdminAuditLogTable {
  id: string;
  /** Insertion order (bigint, read as a string): ties between entries of the same instant. */
  seq: Generated<string>;
  actor_user_id: string;
  /** `user.updated`, `user.deactivated`, `user.activated`, `user.deleted`, `support.status_changed`. */
  action: string;
  target_type: 'user' | 'support_message';
  target_id: string;
  /** What changed: `{ field: { from, to } }`, or what little is kept of a deleted account. */
  changes: ColumnType<Record<string, unknown>, string, string>;
  /** The request's correlation id, matching its log lines. */
  correlation_id: string;
  created_at: Date;
}

export interface SavedPaymentMethodsTable {
  id: string;
  user_id: string;
  provider: string;
  type: 'mobile_money' | 'bank' | 'digital_wallet';
  /** As given (normalised); only the last four characters ever leave the server. */
  account_number: string;
  is_default: boolean;
  /** False until a provider confirms the account (a later issue builds payments). */
  is_verified: boolean;
  created_at: Date;
  updated_at: Date;
}

/** An Idempotency-Key one user sent to one route, and what the request carrying it looked like. */
export interface IdempotencyKeysTable {
  user_id: string;
  /** `POST /api/rides/ride-1/cancel`: the method and the path, without the query. */
  scope: string;
  key: string;
  /** sha256 of the request's body and query, canonical JSON. */
  fingerprint: string;
  /** When the key was first used (or first used again after it expired). */
  created_at: Date;
}

export interface ProductDatabase {
  idempotency_keys: IdempotencyKeysTable;
  support_messages: SupportMessagesTable;
  admin_audit_log: AdminAuditLogTable;
  saved_payment_methods: SavedPaymentMethodsTable;
}

export type SupportMessageRow = Selectable<SupportMessagesTable>;
export type NewSupportMessageRow = Insertable<SupportMessagesTable>;
export type AdminAuditRow = Selectable<AdminAuditLogTable>;
export type SavedPaymentMethodRow = Selectable<SavedPaymentMethodsTable>;
