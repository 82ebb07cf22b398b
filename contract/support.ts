import { z } from 'zod';
import { Email } from './accounts.js';
import { SUPPORT_CATEGORIES, SUPPORT_STATUSES, SUPPORT_URGENCIES } from '../domain/support/index.js';
import { EntityId, Instant, Uuid, instantQuery, limitQuery } from './primitives.js';

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
  /** The sender's ride the message is about (an issue, a lost item), reported from "Your trips". */
  rideId: EntityId.optional(),
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
  rideId: z.string().nullable().describe('The ride the message is about, when reported from one'),
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

// — the same shapes as types: answers as the client receives them, requests (Body, Query, Params) as it sends them —

export type ContactBody = z.input<typeof ContactBody>;
export type ContactReceived = z.infer<typeof ContactReceived>;
export type SupportMessage = z.infer<typeof SupportMessage>;
export type InboxQuery = z.input<typeof InboxQuery>;
export type Inbox = z.infer<typeof Inbox>;
export type MessageParams = z.input<typeof MessageParams>;
export type StatusBody = z.input<typeof StatusBody>;
