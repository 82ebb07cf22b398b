import { useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { LoginAnswer } from './authApi.js';
import { SignInForm } from './SignInForm.js';
import { SignUpForm } from './SignUpForm.js';

type Tab = 'signin' | 'signup';
const tabs: readonly Tab[] = ['signin', 'signup'];

/** Sign in | Sign up tabs (ARIA tabs: arrow keys move between them), then the provider buttons. */
export function CredentialsTabs({ initialTab, onSignedIn, onRegistered }: { initialTab: Tab; onSignedIn(answer: LoginAnswer): void; onRegistered(userId: string): void }) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>(initialTab);
  const buttons = useRef<Record<Tab, HTMLButtonElement | null>>({ signin: null, signup: null });
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    event.preventDefault();
    const next = tabs[(tabs.indexOf(tab) + 1) % tabs.length]!;
    setTab(next);
    buttons.current[next]?.focus();
  };
  return (
    <>
      <div role="tablist" aria-label={t('auth.page.tabs')} className="auth-tabs" onKeyDown={onKeyDown}>
        {tabs.map((id) => (
          <button
            key={id}
            ref={(element) => {
              buttons.current[id] = element;
            }}
            type="button"
            role="tab"
            id={`auth-tab-${id}`}
            aria-selected={tab === id}
            aria-controls={`auth-panel-${id}`}
            tabIndex={tab === id ? 0 : -1}
            className="auth-tabs__tab"
            onClick={() => setTab(id)}
          >
            {id === 'signin' ? t('auth.page.signInTab') : t('auth.page.signUpTab')}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`auth-panel-${tab}`} aria-labelledby={`auth-tab-${tab}`} className="auth-tabs__panel">
        {tab === 'signin' ? <SignInForm onSignedIn={onSignedIn} /> : <SignUpForm onRegistered={onRegistered} />}
      </div>
      <p className="auth-divider">
        <span>{t('auth.page.or')}</span>
      </p>
      {/* Full-page navigations: the provider's sign-in starts on the server (spec 001 §2). */}
      <div className="provider-buttons">
        <a className="button button--secondary button--block" href="/api/auth/google">
          {t('auth.page.google')}
        </a>
        <a className="button button--secondary button--block" href="/api/auth/apple">
          {t('auth.page.apple')}
        </a>
      </div>
    </>
  );
}
