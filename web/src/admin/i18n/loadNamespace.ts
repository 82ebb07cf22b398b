import type { ResourceKey } from 'i18next';
import type { UseTranslationOptions } from 'react-i18next';
import { FALLBACK_LANGUAGE, toLanguageCode, type LanguageCode } from '../../i18n/languages.js';
import { currentLanguage, i18n } from '../../i18n/setup.js';

/** One chunk per language, so a screen downloads only the language it shows (and English, the fallback). */
export type NamespaceLoaders = Record<LanguageCode, () => Promise<ResourceKey>>;

const followed = new Set<string>();

async function addBundle(namespace: string, loaders: NamespaceLoaders, code: LanguageCode): Promise<void> {
  if (i18n.hasResourceBundle(code, namespace)) return;
  i18n.addResourceBundle(code, namespace, await loaders[code](), true, true);
}

/**
 * Loads a screen's own namespace (the admin portal's `admin`, its analytics' `insights`) in the
 * language on screen and in English, before the screen renders; after a language switch the new
 * language's chunk follows. Components read it with `useTranslation(namespace, NAMESPACE_OPTIONS)`,
 * which re-renders them when a bundle lands.
 */
export async function loadNamespace(namespace: string, loaders: NamespaceLoaders): Promise<void> {
  if (!followed.has(namespace)) {
    followed.add(namespace);
    i18n.on('languageChanged', (language: string) => {
      const code = toLanguageCode(language);
      if (code) addBundle(namespace, loaders, code).catch((error: unknown) => console.error('Could not load', namespace, code, error));
    });
  }
  const wanted = new Set<LanguageCode>([FALLBACK_LANGUAGE, currentLanguage()]);
  await Promise.all([...wanted].map((code) => addBundle(namespace, loaders, code)));
}

/**
 * For `useTranslation`: re-render when a namespace's bundle is added (it arrives just after a
 * language switch). react-i18next reads `bindI18nStore` from these options at run time, though
 * its types list it only among the global ones. One object, so the hook's memo holds.
 */
const storeBinding: { bindI18nStore: string } = { bindI18nStore: 'added' };
export const NAMESPACE_OPTIONS = storeBinding as UseTranslationOptions<undefined>;
