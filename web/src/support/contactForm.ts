/**
 * The support contact form (spec 001 §5): its fields, defaults and rules. Pure, so the rules
 * are tested without a browser; messages are translation keys.
 */
export {
  SUPPORT_CATEGORIES as contactCategories,
  SUPPORT_URGENCIES as urgencies,
  type SupportCategory as ContactCategory,
  type SupportUrgency as Urgency,
} from '../../../domain/support/index.js';
import type { SupportCategory as ContactCategory, SupportUrgency as Urgency } from '../../../domain/support/index.js';

export interface ContactMessage {
  name: string;
  email: string;
  subject: string;
  /** Empty until chosen. */
  category: ContactCategory | '';
  message: string;
  urgency: Urgency;
  /** One of the sender's rides the message is about (reported from "Your trips"). */
  rideId?: string;
}

export const emptyContactMessage: ContactMessage = { name: '', email: '', subject: '', category: '', message: '', urgency: 'medium' };

export type ContactField = 'name' | 'email' | 'subject' | 'category' | 'message';
export type ContactErrors = Partial<Record<ContactField, `support.contact.errors.${ContactField}`>>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Every failing field with its message; an empty object means the form may be sent. */
export function validateContactMessage(form: ContactMessage): ContactErrors {
  const errors: ContactErrors = {};
  if (form.name.trim().length < 2) errors.name = 'support.contact.errors.name';
  if (!EMAIL.test(form.email.trim())) errors.email = 'support.contact.errors.email';
  if (form.subject.trim().length < 5) errors.subject = 'support.contact.errors.subject';
  if (!form.category) errors.category = 'support.contact.errors.category';
  if (form.message.trim().length < 10) errors.message = 'support.contact.errors.message';
  return errors;
}

/** The body of POST /api/support/contact: trimmed text, a chosen category. */
export const contactRequestBody = (form: ContactMessage) => ({
  name: form.name.trim(),
  email: form.email.trim(),
  subject: form.subject.trim(),
  category: form.category,
  message: form.message.trim(),
  urgency: form.urgency,
  ...(form.rideId ? { rideId: form.rideId } : {}),
});
