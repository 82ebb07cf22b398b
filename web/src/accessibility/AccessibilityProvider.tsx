import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Announcer, type AnnouncerHandle } from './Announcer.js';
import {
  ACCESSIBILITY_STORAGE_KEY,
  applyPreset,
  cssVariables,
  parseStoredSettings,
  settingClass,
  settingNames,
  systemDefaults,
  type AccessibilitySettings,
  type PresetName,
  type SettingName,
} from './settings.js';
import { canSpeak, speak } from './speech.js';

interface AccessibilityContextValue {
  settings: AccessibilitySettings;
  toggle(name: SettingName): void;
  applyPreset(preset: PresetName, label: string): void;
  resetToDevice(): void;
  /** Says a message to screen readers (and aloud when voice guidance is on). */
  announce(message: string): void;
  testVoice(): boolean;
}

const AccessibilityContext = createContext<AccessibilityContextValue | null>(null);

/** The font size the user chose in the browser: `medium`, which our own root font size does not change. */
function browserFontSizePx(): number {
  const probe = document.createElement('span');
  probe.style.cssText = 'position:absolute;visibility:hidden;font-size:medium';
  document.body.append(probe);
  const size = Number.parseFloat(getComputedStyle(probe).fontSize);
  probe.remove();
  return size || 16;
}

function readDevicePreferences() {
  const query = (media: string) => window.matchMedia?.(media).matches ?? false;
  return {
    prefersDark: query('(prefers-color-scheme: dark)'),
    prefersReducedMotion: query('(prefers-reduced-motion: reduce)'),
    baseFontSizePx: browserFontSizePx(),
  };
}

function initialSettings(): AccessibilitySettings {
  const defaults = systemDefaults(readDevicePreferences());
  let stored: string | null = null;
  try {
    stored = localStorage.getItem(ACCESSIBILITY_STORAGE_KEY);
  } catch {
    // Storage can be blocked (private mode); the device's defaults still apply.
  }
  return parseStoredSettings(stored, defaults) ?? defaults;
}

function store(settings: AccessibilitySettings | null) {
  try {
    if (settings) localStorage.setItem(ACCESSIBILITY_STORAGE_KEY, JSON.stringify(settings));
    else localStorage.removeItem(ACCESSIBILITY_STORAGE_KEY);
  } catch {
    // Not remembered across visits, but still applied now.
  }
}

export function AccessibilityProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [settings, setSettings] = useState(initialSettings);
  const announcer = useRef<AnnouncerHandle>(null);
  const voiceOn = useRef(settings.voiceGuidance);
  voiceOn.current = settings.voiceGuidance;

  useEffect(() => {
    const root = document.documentElement;
    for (const [name, value] of Object.entries(cssVariables(settings))) root.style.setProperty(name, value);
    for (const name of settingNames) root.classList.toggle(settingClass(name), settings[name]);
  }, [settings]);

  const announce = useCallback((message: string, voice = voiceOn.current) => {
    announcer.current?.say(message);
    if (voice) speak(message);
  }, []);

  const value = useMemo<AccessibilityContextValue>(() => {
    const change = (next: AccessibilitySettings) => {
      setSettings(next);
      store(next);
    };
    return {
      settings,
      toggle(name) {
        const next = { ...settings, [name]: !settings[name] };
        change(next);
        const label = t(`accessibility.${name}`);
        announce(t(next[name] ? 'accessibility.enabled' : 'accessibility.disabled', { setting: label }), next.voiceGuidance || settings.voiceGuidance);
      },
      applyPreset(preset, label) {
        const next = applyPreset(settings, preset);
        change(next);
        announce(t('accessibility.presetApplied', { preset: label }), next.voiceGuidance);
      },
      resetToDevice() {
        store(null);
        setSettings(systemDefaults(readDevicePreferences()));
      },
      announce,
      testVoice() {
        if (!canSpeak()) return false;
        speak(t('accessibility.testVoiceText'));
        return true;
      },
    };
  }, [settings, t, announce]);

  return (
    <AccessibilityContext.Provider value={value}>
      {children}
      <Announcer ref={announcer} />
    </AccessibilityContext.Provider>
  );
}

export function useAccessibility(): AccessibilityContextValue {
  const context = useContext(AccessibilityContext);
  if (!context) throw new Error('useAccessibility must be used inside <AccessibilityProvider>');
  return context;
}
