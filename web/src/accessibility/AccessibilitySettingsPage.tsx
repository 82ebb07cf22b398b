import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccessibility } from './AccessibilityProvider.js';
import { presetNames, settingNames, type PresetName } from './settings.js';

const presetText: Record<PresetName, { label: 'accessibility.presetVision' | 'accessibility.presetAudio' | 'accessibility.presetElderly'; hint: 'accessibility.presetVisionHint' | 'accessibility.presetAudioHint' | 'accessibility.presetElderlyHint' }> = {
  vision: { label: 'accessibility.presetVision', hint: 'accessibility.presetVisionHint' },
  audio: { label: 'accessibility.presetAudio', hint: 'accessibility.presetAudioHint' },
  elderly: { label: 'accessibility.presetElderly', hint: 'accessibility.presetElderlyHint' },
};

/** The seven switches, the three quick-setup presets and a voice test (spec 000 §4.2, 001 §9). */
export function AccessibilitySettingsPage() {
  const { t } = useTranslation();
  const { settings, toggle, applyPreset, resetToDevice, testVoice } = useAccessibility();
  const [voiceUnavailable, setVoiceUnavailable] = useState(false);

  return (
    <div className="page page--narrow accessibility-page">
      <h1>{t('accessibility.title')}</h1>
      <p className="section__subtitle">{t('accessibility.subtitle')}</p>

      <section aria-labelledby="presets-title" className="section">
        <h2 id="presets-title">{t('accessibility.presetsTitle')}</h2>
        <div className="grid grid--compact">
          {presetNames.map((preset) => (
            <button key={preset} type="button" className="card preset" onClick={() => applyPreset(preset, t(presetText[preset].label))}>
              <span className="preset__title">{t(presetText[preset].label)}</span>
              <span className="preset__hint">{t(presetText[preset].hint)}</span>
            </button>
          ))}
        </div>
      </section>

      <section aria-labelledby="settings-title" className="section">
        <h2 id="settings-title">{t('accessibility.settingsTitle')}</h2>
        <ul className="settings-list">
          {settingNames.map((name) => (
            <li key={name} className="setting">
              <label className="setting__label" htmlFor={`setting-${name}`}>
                <span className="setting__name">{t(`accessibility.${name}`)}</span>
                <span className="setting__hint" id={`setting-${name}-hint`}>
                  {t(`accessibility.${name}Hint`)}
                </span>
              </label>
              <input
                id={`setting-${name}`}
                type="checkbox"
                role="switch"
                className="switch"
                checked={settings[name]}
                aria-describedby={`setting-${name}-hint`}
                onChange={() => toggle(name)}
              />
            </li>
          ))}
        </ul>
      </section>

      <div className="accessibility-page__actions">
        {settings.voiceGuidance && (
          <button type="button" className="button button--secondary" onClick={() => setVoiceUnavailable(!testVoice())}>
            {t('accessibility.testVoice')}
          </button>
        )}
        <button type="button" className="button button--ghost" onClick={resetToDevice}>
          {t('accessibility.reset')}
        </button>
      </div>
      {voiceUnavailable && <p role="status">{t('accessibility.voiceUnavailable')}</p>}
    </div>
  );
}
