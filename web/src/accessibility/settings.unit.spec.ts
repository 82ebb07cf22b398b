import { describe, expect, it } from 'vitest';
import {
  allOff,
  applyPreset,
  cssVariables,
  parseStoredSettings,
  rootClasses,
  systemDefaults,
  type AccessibilitySettings,
} from './settings.js';

const plainDevice = { prefersDark: false, prefersReducedMotion: false, baseFontSizePx: 16 };

describe('accessibility settings', () => {
  it('start from the device: dark → high contrast, reduced motion → reduced motion, a font above 16 px → large text', () => {
    expect(systemDefaults(plainDevice)).toEqual(allOff);
    expect(systemDefaults({ prefersDark: true, prefersReducedMotion: true, baseFontSizePx: 20 })).toEqual({
      ...allOff,
      highContrast: true,
      reducedMotion: true,
      largeText: true,
    });
    expect(systemDefaults({ ...plainDevice, baseFontSizePx: 16.5 }).largeText).toBe(true);
  });

  it('presets turn their settings on and keep the rest', () => {
    const start: AccessibilitySettings = { ...allOff, reducedMotion: true };
    expect(applyPreset(start, 'vision')).toEqual({ ...start, highContrast: true, largeText: true, largerTouchTargets: true });
    expect(applyPreset(start, 'audio')).toEqual({ ...start, voiceGuidance: true, screenReaderOptimized: true, largerTouchTargets: true });
    expect(applyPreset(start, 'elderly')).toEqual({ ...start, simplifiedMode: true, largeText: true, largerTouchTargets: true, voiceGuidance: true });
  });

  it('read back from storage: unknown keys dropped, bad values defaulted, broken JSON refused', () => {
    const defaults = { ...allOff, highContrast: true };
    expect(parseStoredSettings(null, defaults)).toBeUndefined();
    expect(parseStoredSettings('{not json', defaults)).toBeUndefined();
    expect(parseStoredSettings('"text"', defaults)).toBeUndefined();
    expect(parseStoredSettings(JSON.stringify({ largeText: true, highContrast: 'yes', stray: true }), defaults)).toEqual({
      ...allOff,
      largeText: true,
      highContrast: true,
    });
  });

  it('drive the font size (16/18 px) and the touch target (32/48 px)', () => {
    expect(cssVariables(allOff)).toEqual({ '--font-size-base': '16px', '--touch-target-min': '32px' });
    expect(cssVariables({ ...allOff, largeText: true, largerTouchTargets: true })).toEqual({
      '--font-size-base': '18px',
      '--touch-target-min': '48px',
    });
  });

  it('name a root class for each setting that is on', () => {
    expect(rootClasses({ ...allOff, highContrast: true, screenReaderOptimized: true })).toEqual([
      'a11y-high-contrast',
      'a11y-screen-reader-optimized',
    ]);
  });
});
