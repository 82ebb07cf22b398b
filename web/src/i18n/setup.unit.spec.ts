import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bem } from './locales/bem.js';
import { commonEn } from './locales/common.en.js';
import { en } from './locales/en.js';
import { fr } from './locales/fr.js';
import { nya } from './locales/nya.js';
import { pt } from './locales/pt.js';

type Setup = typeof import('./setup.js');
type Sections = typeof import('./sections.js');

/**
 * How a route's own texts arrive: with the route, in the language on screen, following a
 * language switch, and in English when its language cannot be fetched. Each test gets fresh
 * modules (a new i18next, nothing loaded yet), started as startI18n would in French, without the
 * browser's language detection.
 */
describe('route sections', () => {
  let i18n: Setup['i18n'];
  let loadSections: Setup['loadSections'];
  let switchLanguage: Setup['switchLanguage'];
  let routeSectionLoaders: Sections['routeSectionLoaders'];

  beforeEach(async () => {
    vi.resetModules();
    ({ i18n, loadSections, switchLanguage } = await import('./setup.js'));
    ({ routeSectionLoaders } = await import('./sections.js'));
    await i18n.init({ resources: { en: { translation: commonEn } }, partialBundledLanguages: true, fallbackLng: 'en', lng: 'en', interpolation: { escapeValue: false } });
    await switchLanguage('fr');
  });
  afterEach(() => vi.restoreAllMocks());

  it('are not there until a route asks for them, then there in the language on screen', async () => {
    expect(i18n.t('nav.home')).toBe(fr.nav.home);
    expect(i18n.exists('auth.page.title')).toBe(false);
    await loadSections('auth');
    expect(i18n.t('auth.page.title')).toBe(fr.auth.page.title);
    expect(i18n.exists('booking.page.title')).toBe(false);
    // Only French was fetched: English keeps only its common part.
    expect(i18n.getResource('en', 'translation', 'auth.page.title')).toBeUndefined();
  });

  it('come along when the language is switched', async () => {
    await loadSections('auth', 'tracking');
    await switchLanguage('bem');
    expect(i18n.t('auth.page.title')).toBe(bem.auth.page.title);
    expect(i18n.t('tracking.title')).toBe(bem.tracking.title);
  });

  it('asked for while a switch is under way are there in the new language once both are done', async () => {
    const switching = switchLanguage('nya');
    const loading = loadSections('driver');
    await Promise.all([switching, loading]);
    expect(i18n.language).toBe('nya');
    expect(i18n.t('driver.title')).toBe(nya.driver.title);
  });

  it('fall back to English when the language’s chunk cannot be fetched, and are fetched again next time', async () => {
    await switchLanguage('pt');
    const fetchPortuguese = vi.spyOn(routeSectionLoaders.booking, 'pt').mockRejectedValueOnce(new Error('internet disconnected'));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await loadSections('booking');
    expect(i18n.t('booking.page.title')).toBe(en.booking.page.title);
    expect(i18n.t('nav.home')).toBe(pt.nav.home);

    await loadSections('booking');
    expect(fetchPortuguese).toHaveBeenCalledTimes(2);
    expect(i18n.t('booking.page.title')).toBe(pt.booking.page.title);
  });
});
