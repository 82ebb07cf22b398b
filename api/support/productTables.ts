import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

/**
 * The product's ordinary tables: what is neither a lifecycle worth event-sourcing nor part of the
 * accounts. Support messages from the contact form, the admin audit log (changes to accounts,
 * which are not events), and each user's saved payment accounts.
 */

export const SUPPORT_CATEGORIES = [
  'ride_booking',
  'payment_issues',
  'driver_support',
  'safety_concerns',
  'technical_issues',
  'account_help',
  'feedback',
  'other',
] as const;
export type SupportCategory = (typeof SUPPORT_CATEGORIES)[number];

export const SUPPORT_URGENCIES = ['low', 'medium', 'high', 'emergency'] as const;
export type SupportUrgency = (typeof SUPPORT_URGENCIES)[number];

export const SUPPORT_STATUSES = ['open', 'in_progress', 'resolved'] as const;
export type SupportStatus = (typeof SUPPORT_STATUSES)[number];

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

export interface ProductTables {
  support_messages: SupportMessagesTable;
  admin_audit_log: AdminAuditLogTable;
  saved_payment_methods: SavedPaymentMethodsTable;
}

export type SupportMessageRow = Selectable<SupportMessagesTable>;
export type NewSupportMessageRow = Insertable<SupportMessagesTable>;
export type AdminAuditRow = Selectable<AdminAuditLogTable>;
export type SavedPaymentMethodRow = Selectable<SavedPaymentMethodsTable>;
