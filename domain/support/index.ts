/**
 * The words of a support message from the contact form (the product module keeps the messages,
 * contract/ puts them on the wire, the web names them in the form and the admin inbox).
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
