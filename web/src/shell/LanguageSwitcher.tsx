import { Check, Globe } from './icons.js';
import { useTranslation } from 'react-i18next';
import { htmlLang, languageByCode, languages } from '../i18n/languages.js';
import { currentLanguage } from '../i18n/setup.js';
import { useLanguageChange } from './useLanguageChange.js';
import { useMenuButton } from './useMenuButton.js';

/**
 * A menu of the interface languages, each in its own name, with a tick on the current one.
 * Disabled while a change is loading; closes when it succeeds (spec 000 §2.6, §4.5).
 */
export function LanguageSwitcher() {
  const { t } = useTranslation();
  const change = useLanguageChange();
  const { open, close, buttonProps, menuProps } = useMenuButton();
  const current = languageByCode(currentLanguage());

  return (
    <div className="menu-button language-switcher">
      <button {...buttonProps} className="button button--ghost language-switcher__button" disabled={change.isPending}>
        <span className="visually-hidden">{t('languages.label')}: </span>
        <Globe aria-hidden="true" size={18} /> <span lang={htmlLang(current.code)}>{current.nativeName}</span>
      </button>
      {open && (
        <ul {...menuProps} aria-label={t('languages.label')} className="menu">
          {languages.map((language) => (
            <li key={language.code} role="none">
              <button
                type="button"
                role="menuitemradio"
                aria-checked={language.code === current.code}
                lang={htmlLang(language.code)}
                disabled={change.isPending}
                onClick={() => (language.code === current.code ? close() : change.mutate(language.code, { onSuccess: close }))}
              >
                <span className="menu__tick" aria-hidden="true">
                  {language.code === current.code && <Check size={16} />}
                </span>
                {language.nativeName}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
