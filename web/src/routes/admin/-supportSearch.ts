import { contactCategories, urgencies, type ContactCategory, type Urgency } from '../../support/contactForm.js';
import { definedOnly, oneOf } from './-searchParams.js';

/** A support message's place in the desk's work (api/support/productTables.ts SUPPORT_STATUSES). */
export const supportStatuses = ['open', 'in_progress', 'resolved'] as const;
export type SupportStatus = (typeof supportStatuses)[number];

/** The support inbox's filters as the URL carries them (the ones GET /api/admin/support takes); anything malformed is dropped. */
export interface SupportSearch {
  status?: SupportStatus;
  urgency?: Urgency;
  category?: ContactCategory;
}

export function validateSupportSearch(search: Record<string, unknown>): SupportSearch {
  return definedOnly<SupportSearch>({
    status: oneOf(supportStatuses, search.status),
    urgency: oneOf(urgencies, search.urgency),
    category: oneOf(contactCategories, search.category),
  });
}
