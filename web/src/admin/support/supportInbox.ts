import type { Inbox, SupportMessage } from '../../../../contract/support.js';
import type { SupportSearch } from '../../routes/admin/-supportSearch.js';

/** GET /api/admin/support (contract/support.ts Inbox): the messages and what is still to be answered. */
export type SupportInbox = Inbox;
export type { SupportMessage };
export type SupportCounts = Inbox['counts'];

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
