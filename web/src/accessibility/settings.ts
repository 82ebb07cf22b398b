/**
 * Accessibility settings (spec 000 §3, §4.2; 001 §9): seven switches, kept on the device.
 * Pure: the browser's preferences and storage come in as arguments.
 */
export const settingNames = [
  'highContrast',
  'largeText',
  'simplifiedMode',
  'voiceGuidance',
  'reducedMotion',
  'largerTouchTargets',
  'screenReaderOptimized',
] as const;
export type SettingName = (typeof settingNames)[number];
export type AccessibilitySettings = Record<SettingName, boolean>;

export const ACCESSIBILITY_STORAGE_KEY = 'accessibility-settings';

export const allOff: AccessibilitySettings = Object.fromEntries(settingNames.map((name) => [name, false])) as AccessibilitySettings;

/** What the device tells us about its user before they choose anything. */
export interface SystemPreferences {
  prefersDark: boolean;
  prefersReducedMotion: boolean;
  /** The root font size in CSS pixels (16 unless the user enlarged it). */
  baseFontSizePx: number;
}

/** First-visit defaults: a dark preference → high contrast, reduced motion → reduced motion, a base font above 16 px → large text. */
export const systemDefaults = (system: SystemPreferences): AccessibilitySettings => ({
  ...allOff,
  highContrast: system.prefersDark,
  reducedMotion: system.prefersReducedMotion,
  largeText: system.baseFontSizePx > 16,
});

export const presetNames = ['vision', 'audio', 'elderly'] as const;
export type PresetName = (typeof presetNames)[number];

/** Quick-setup presets (spec 001 §9): each turns its settings on and leaves the others as they are. */
export const presets: Record<PresetName, readonly SettingName[]> = {
  vision: ['highContrast', 'largeText', 'largerTouchTargets'],
  audio: ['voiceGuidance', 'screenReaderOptimized', 'largerTouchTargets'],
  elderly: ['simplifiedMode', 'largeText', 'largerTouchTargets', 'voiceGuidance'],
};

export const applyPreset = (settings: AccessibilitySettings, preset: PresetName): AccessibilitySettings => ({
  ...settings,
  ...Object.fromEntries(presets[preset].map((name) => [name, true])),
});

/**
 * Settings read back from storage: unknown keys dropped, missing or non-boolean ones taken
 * from the defaults; unreadable JSON → undefined (the caller falls back to the defaults).
 */
export function parseStoredSettings(stored: string | null, defaults: AccessibilitySettings): AccessibilitySettings | undefined {
  if (stored === null) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(stored);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const record = value as Record<string, unknown>;
  return Object.fromEntries(
    settingNames.map((name) => [name, typeof record[name] === 'boolean' ? record[name] : defaults[name]]),
  ) as AccessibilitySettings;
}

/** The CSS custom properties the settings drive: base font 18/16 px, touch targets 48/32 px. */
export const cssVariables = (settings: AccessibilitySettings): Record<'--font-size-base' | '--touch-target-min', string> => ({
  '--font-size-base': settings.largeText ? '18px' : '16px',
  '--touch-target-min': settings.largerTouchTargets ? '48px' : '32px',
});

/** The class on <html> while a setting is on ("highContrast" → "a11y-high-contrast"), for the CSS to restyle the page. */
export const settingClass = (name: SettingName): string => `a11y-${name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`;

export const rootClasses = (settings: AccessibilitySettings): string[] =>
  settingNames.filter((name) => settings[name]).map(settingClass);

/** Spoken settings: en-ZM at a slower rate (spec 000 §4.2, §9). */
export const SPEECH = { lang: 'en-ZM', rate: 0.8, pitch: 1, volume: 0.8 } as const;
/** A screen-reader announcement stays in the live region for one second. */
export const ANNOUNCEMENT_MS = 1_000;
