import { z } from 'zod';
import { Email } from '../../accounts/validation.js';
import { SUPPORT_CATEGORIES, SUPPORT_STATUSES, SUPPORT_URGENCIES } from '../../support/productTables.js';
import { Instant, Uuid, instantQuery, limitQuery } from '../../support/http.js';

/** The contact form's rules and messages, word for word from the spec (001 §5). */
export const ContactBody = z.object({
  name: z
    .string({ error: 'Name must be at least 2 characters' })
    .trim()
    .min(2, 'Name must be at least 2 characters')
    .max(100, 'Name must be at most 100 characters'),
  email: Email,
  subject: z
    .string({ error: 'Subject must be at least 5 characters' })
    .trim()
    .min(5, 'Subject must be at least 5 characters')
    .max(200, 'Subject must be at most 200 characters'),
  category: z.enum(SUPPORT_CATEGORIES, { error: 'Please select a category' }),
  message: z
    .string({ error: 'Message must be at least 10 characters' })
    .trim()
    .min(10, 'Message must be at least 10 characters')
    .max(5000, 'Message must be at most 5000 characters'),
  urgency: z.enum(SUPPORT_URGENCIES, { error: 'Urgency must be low, medium, high or emergency' }).default('medium'),
});

export const ContactReceived = z.object({
  id: z.uuid(),
  receivedAt: Instant,
  message: z.string().describe("What to tell the sender: 'We'll get back to you within 24 hours'"),
});

export const SupportMessage = z.object({
  id: z.uuid(),
  userId: z.string().nullable().describe('The sender, when signed in'),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  category: z.enum(SUPPORT_CATEGORIES),
  message: z.string(),
  urgency: z.enum(SUPPORT_URGENCIES),
  status: z.enum(SUPPORT_STATUSES),
  createdAt: Instant,
  updatedAt: Instant,
});

export const InboxQuery = z.object({
  status: z.enum(SUPPORT_STATUSES).optional(),
  urgency: z.enum(SUPPORT_URGENCIES).optional(),
  category: z.enum(SUPPORT_CATEGORIES).optional(),
  limit: limitQuery(50, 200),
  before: instantQuery.optional(),
});

export const Inbox = z.object({
  messages: z.array(SupportMessage),
  counts: z.object({ open: z.int(), emergencies: z.int() }),
});

export const MessageParams = z.object({ id: Uuid });
export const StatusBody = z.object({ status: z.enum(SUPPORT_STATUSES, { error: 'status must be open, in_progress or resolved' }) });
