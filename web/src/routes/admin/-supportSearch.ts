import { contactCategories, urgencies, type ContactCategory, type Urgency } from '../../support/contactForm.js';
import { SUPPORT_STATUSES, type SupportStatus } from '../../../../domain/support/index.js';
import { definedOnly, oneOf } from '../-searchParams.js';

/** A support message's place in the desk's work (domain/support). */
export { SUPPORT_STATUSES as supportStatuses, type SupportStatus } from '../../../../domain/support/index.js';

/** The support inbox's filters as the URL carries them (the ones GET /api/admin/support takes); anything malformed is dropped. */
export interface SupportSearch {
  status?: SupportStatus;
  urgency?: Urgency;
  category?: ContactCategory;
}

export function validateSupportSearch(search: Record<string, unknown>): SupportSearch {
  return definedOnly<SupportSearch>({
    status: oneOf(SUPPORT_STATUSES, search.status),
    urgency: oneOf(urgencies, search.urgency),
    category: oneOf(contactCategories, search.category),
  });
}
