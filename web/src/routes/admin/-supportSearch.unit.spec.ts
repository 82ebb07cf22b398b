import { describe, expect, it } from 'vitest';
import { validateSupportSearch } from './-supportSearch.js';

describe('the support inbox filters in the URL', () => {
  it('keeps the statuses, urgencies and categories the API takes', () => {
    expect(validateSupportSearch({ status: 'in_progress', urgency: 'emergency', category: 'safety_concerns' })).toEqual({
      status: 'in_progress',
      urgency: 'emergency',
      category: 'safety_concerns',
    });
  });

  it('drops anything else, so the unfiltered inbox shows', () => {
    expect(validateSupportSearch({ status: 'closed', urgency: 'urgent', category: 'complaints', limit: '5' })).toEqual({});
    expect(validateSupportSearch({ status: ['open'], urgency: 3 })).toEqual({});
    expect(validateSupportSearch({ status: 'resolved', category: '' })).toEqual({ status: 'resolved' });
  });
});
