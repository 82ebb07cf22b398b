import { describe, expect, it } from 'vitest';
import { INBOX_LIMIT, needsUrgentAttention, supportQueryString } from './supportInbox.js';

describe('the support inbox query', () => {
  it('asks for the most the API gives, with only the filters chosen', () => {
    expect(Object.fromEntries(new URLSearchParams(supportQueryString({})))).toEqual({ limit: String(INBOX_LIMIT) });
    expect(Object.fromEntries(new URLSearchParams(supportQueryString({ status: 'open', urgency: 'high', category: 'payment_issues' }, 20)))).toEqual({
      limit: '20',
      status: 'open',
      urgency: 'high',
      category: 'payment_issues',
    });
  });
});

describe('which messages the inbox marks out', () => {
  it('is an emergency still to resolve', () => {
    expect(needsUrgentAttention({ urgency: 'emergency', status: 'open' })).toBe(true);
    expect(needsUrgentAttention({ urgency: 'emergency', status: 'in_progress' })).toBe(true);
    expect(needsUrgentAttention({ urgency: 'emergency', status: 'resolved' })).toBe(false);
    expect(needsUrgentAttention({ urgency: 'high', status: 'open' })).toBe(false);
  });
});
