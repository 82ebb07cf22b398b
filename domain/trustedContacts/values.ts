import { z } from 'zod';
import { mobileNumberProblem, parseZambianMobile } from '../shared/phone.js';

/** The seed shows up to three trusted contacts; an SMS to each on an SOS stays affordable and quick. */
export const MAX_TRUSTED_CONTACTS = 3;
/** Room for a full Zambian name ("Mwila Chanda-Mulenga") and a short note, not a paragraph. */
export const MAX_CONTACT_NAME_LENGTH = 60;
export const MAX_RELATIONSHIP_LENGTH = 40;

/** Trimmed, inner runs of spaces made one: "  Mwila   Chanda " is stored as "Mwila Chanda". */
const tidy = (text: string) => text.trim().replace(/\s+/g, ' ');

export const contactNameSchema = z
  .string()
  .transform(tidy)
  .pipe(z.string().min(1, 'must not be blank').max(MAX_CONTACT_NAME_LENGTH, `must be at most ${MAX_CONTACT_NAME_LENGTH} characters`));

/** Optional: "Mum", "brother", "colleague". Blank is the same as not given. */
export const relationshipSchema = z
  .string()
  .transform(tidy)
  .pipe(z.string().max(MAX_RELATIONSHIP_LENGTH, `must be at most ${MAX_RELATIONSHIP_LENGTH} characters`))
  .nullish()
  .transform((relationship) => (relationship ? relationship : null));

/**
 * A Zambian mobile number however it is written, stored as E.164 (domain/shared/phone.ts): the
 * contacts get an SMS, so a landline or a foreign number would never reach them.
 */
export const contactPhoneSchema = z
  .string()
  .max(40, 'must be at most 40 characters')
  .transform((raw, context) => {
    const parsed = parseZambianMobile(raw);
    if (parsed !== null) return parsed.e164;
    context.addIssue({ code: 'custom', message: mobileNumberProblem(raw) ?? 'must be a Zambian mobile number' });
    return z.NEVER;
  });

/** Stored as the events record it: the number already E.164. */
export const trustedContactSchema = z.object({
  contactId: z.string().min(1),
  name: z.string().min(1).max(MAX_CONTACT_NAME_LENGTH),
  relationship: z.string().min(1).max(MAX_RELATIONSHIP_LENGTH).nullable(),
  phone: z.string().regex(/^\+260\d{9}$/),
});
export type TrustedContact = z.infer<typeof trustedContactSchema>;
