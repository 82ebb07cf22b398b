import type { SupportSearch, SupportStatus } from '../../routes/admin/-supportSearch.js';
import type { ContactCategory, Urgency } from '../../support/contactForm.js';

/** GET /api/admin/support, one message (api/routes/support/schemas.ts SupportMessage). */
export interface SupportMessage {
  id: string;
  /** The sender's account when they wrote signed in; null for a visitor. */
  userId: string | null;
  name: string;
  email: string;
  subject: string;
  category: ContactCategory;
  message: string;
  urgency: Urgency;
  status: SupportStatus;
  createdAt: string;
  updatedAt: string;
}

/** What is still to be answered, counted over the whole inbox whatever the filters. */
export interface SupportCounts {
  /** Open or in progress. */
  open: number;
  /** Emergencies open or in progress. */
  emergencies: number;
}

export interface SupportInbox {
  messages: SupportMessage[];
  counts: SupportCounts;
}

/**
 * The most the API gives in one answer. The inbox puts open emergencies first, so a `before`
 * cursor would not page it cleanly; past this many the screen says so and the filters narrow it.
 */
export const INBOX_LIMIT = 200;

export function supportQueryString(search: SupportSearch, limit = INBOX_LIMIT): string {
  const query = new URLSearchParams({ limit: String(limit) });
  if (search.status) query.set('status', search.status);
  if (search.urgency) query.set('urgency', search.urgency);
  if (search.category) query.set('category', search.category);
  return query.toString();
}

/** An emergency nobody has resolved yet: the inbox marks it out (the API lists these first). */
export const needsUrgentAttention = (message: Pick<SupportMessage, 'urgency' | 'status'>): boolean =>
  message.urgency === 'emergency' && message.status !== 'resolved';
