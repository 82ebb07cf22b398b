import type { PlatformSettings, SettingsView } from './settingsApi.js';

/** The form as typed: windows as text in the unit shown (seconds for bids, minutes for the search and the dispatch lead). */
export interface SettingsFields {
  surgeEnabled: boolean;
  weather: PlatformSettings['weather'];
  bidWindowSeconds: string;
  searchWindowMinutes: string;
  scheduledDispatchLeadMinutes: string;
}

export type NumberField = 'bidWindowSeconds' | 'searchWindowMinutes' | 'scheduledDispatchLeadMinutes';

export const fieldsOf = (settings: PlatformSettings): SettingsFields => ({
  surgeEnabled: settings.surgeEnabled,
  weather: settings.weather,
  bidWindowSeconds: String(settings.bidWindowSeconds),
  searchWindowMinutes: String(settings.searchWindowSeconds / 60),
  scheduledDispatchLeadMinutes: String(settings.scheduledDispatchLeadMinutes),
});

/** Each number field's limits in the unit it is typed in. */
export function limitsOf(view: Pick<SettingsView, 'limits'>): Record<NumberField, { min: number; max: number }> {
  const search = view.limits.searchWindowSeconds;
  return {
    bidWindowSeconds: view.limits.bidWindowSeconds,
    searchWindowMinutes: { min: Math.ceil(search.min / 60), max: Math.floor(search.max / 60) },
    scheduledDispatchLeadMinutes: view.limits.scheduledDispatchLeadMinutes,
  };
}

const numberFields: readonly NumberField[] = ['bidWindowSeconds', 'searchWindowMinutes', 'scheduledDispatchLeadMinutes'];

/** The fields that are not a whole number within their limits. */
export function problemsOf(fields: SettingsFields, view: Pick<SettingsView, 'limits'>): Partial<Record<NumberField, { min: number; max: number }>> {
  const limits = limitsOf(view);
  const problems: Partial<Record<NumberField, { min: number; max: number }>> = {};
  for (const field of numberFields) {
    const text = fields[field].trim();
    const value = Number(text);
    if (!/^\d+$/.test(text) || value < limits[field].min || value > limits[field].max) problems[field] = limits[field];
  }
  return problems;
}

/** What differs from the settings in force, in the API's units; only that is sent. */
export function changesOf(fields: SettingsFields, current: PlatformSettings): Partial<PlatformSettings> {
  const next: PlatformSettings = {
    surgeEnabled: fields.surgeEnabled,
    weather: fields.weather,
    bidWindowSeconds: Number(fields.bidWindowSeconds),
    searchWindowSeconds: Number(fields.searchWindowMinutes) * 60,
    scheduledDispatchLeadMinutes: Number(fields.scheduledDispatchLeadMinutes),
  };
  return Object.fromEntries(Object.entries(next).filter(([name, value]) => current[name as keyof PlatformSettings] !== value)) as Partial<PlatformSettings>;
}
