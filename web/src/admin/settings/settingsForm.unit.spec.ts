import { describe, expect, it } from 'vitest';
import { defaultPlatformSettings, settingLimits } from '../../../../domain/platformSettings/settings.js';
import { changesOf, fieldsOf, problemsOf } from './settingsForm.js';

const view = { limits: settingLimits };

describe('the settings form', () => {
  it('shows the search window in minutes and sends it back in seconds, only what changed', () => {
    const fields = fieldsOf(defaultPlatformSettings);
    expect(fields.searchWindowMinutes).toBe('10');
    expect(changesOf(fields, defaultPlatformSettings)).toEqual({});
    expect(changesOf({ ...fields, searchWindowMinutes: '15', surgeEnabled: true }, defaultPlatformSettings)).toEqual({ searchWindowSeconds: 900, surgeEnabled: true });
  });

  it('names each number outside its limits, in the unit typed', () => {
    const fields = fieldsOf(defaultPlatformSettings);
    expect(problemsOf(fields, view)).toEqual({});
    expect(problemsOf({ ...fields, bidWindowSeconds: '10', searchWindowMinutes: '61', scheduledDispatchLeadMinutes: '7.5' }, view)).toEqual({
      bidWindowSeconds: { min: 30, max: 600 },
      searchWindowMinutes: { min: 1, max: 60 },
      scheduledDispatchLeadMinutes: { min: 5, max: 120 },
    });
    expect(problemsOf({ ...fields, bidWindowSeconds: '' }, view)).toHaveProperty('bidWindowSeconds');
  });
});
