/** Where riders and drivers write to us (the Email Support card and the Contact tab). */
export const supportMailboxes = {
  general: 'support@tiyende.app',
  safety: 'safety@tiyende.app',
} as const;
