import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { PathLink } from '../shell/PathLink.js';
import { MAX_TRUSTED_CONTACTS } from '../../../domain/trustedContacts/values.js';
import { authApi } from '../auth/authApi.js';
import { authStateQueryKey, rememberSignedIn, type AuthState, type SessionUser } from '../auth/authState.js';
import { htmlLang, isLanguageCode, languages, type LanguageCode } from '../i18n/languages.js';
import { switchLanguage } from '../i18n/setup.js';
import { PageMeta } from '../seo/PageMeta.js';
import { useLogout } from '../session/currentUser.js';
import { useToast } from '../toast/Toaster.js';
import './profile.css';

/** The signed-in user's details, preferred language, second factor, and sign out. */
export function ProfilePage({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const toast = useToast();
  const router = useRouter();
  const queryClient = useQueryClient();
  const languageId = useId();
  const logout = useLogout();

  const saveLanguage = useMutation({
    mutationFn: async (code: LanguageCode) => {
      await authApi.setLanguage(code);
      await switchLanguage(code);
      return code;
    },
    onSuccess: (code) => {
      rememberSignedIn(queryClient, { ...user, preferredLanguage: code });
      toast({ title: t('auth.profile.languageSaved') });
    },
    onError: () => toast({ title: t('app.error'), description: t('auth.profile.languageFailed'), variant: 'destructive' }),
  });

  const signOut = () =>
    logout.mutate(undefined, {
      onSettled: () => {
        queryClient.setQueryData(authStateQueryKey, { kind: 'signedOut' } satisfies AuthState);
        toast({ title: t('auth.toasts.signedOut') });
        router.history.push('/');
      },
    });

  const mfa = user.mfaMethod === 'sms' ? t('auth.profile.mfaSms') : user.mfaMethod === 'totp' ? t('auth.profile.mfaTotp') : t('auth.profile.mfaOff');
  const rows: Array<[string, string | null]> = [
    [t('auth.profile.fullName'), user.fullName],
    [t('auth.profile.username'), user.username],
    [t('auth.profile.email'), user.email],
    [t('auth.profile.phone'), user.phoneNumber],
    [t('auth.profile.accountType'), t(`auth.profile.userTypes.${user.userType}`)],
  ];

  return (
    <div className="page profile-page">
      <PageMeta title={t('auth.profile.metaTitle')} description={t('auth.profile.metaDescription')} />
      <h1>{t('auth.profile.title')}</h1>
      <section className="card" aria-labelledby="profile-details">
        <h2 id="profile-details">{t('auth.profile.details')}</h2>
        <dl className="profile-list">
          {rows.map(([label, value]) => (
            <div key={label} className="profile-list__row">
              <dt>{label}</dt>
              <dd>{value ?? <span className="profile-list__none">{t('auth.profile.none')}</span>}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section className="card" aria-labelledby="profile-security">
        <h2 id="profile-security">{t('auth.profile.security')}</h2>
        <dl className="profile-list">
          <div className="profile-list__row">
            <dt>{t('auth.profile.mfaMethod')}</dt>
            <dd data-testid="mfa-method">{mfa}</dd>
          </div>
        </dl>
        <div className="field">
          <label htmlFor={languageId} className="field__label">
            {t('auth.profile.language')}
          </label>
          <select
            id={languageId}
            className="input"
            value={user.preferredLanguage}
            disabled={saveLanguage.isPending}
            aria-describedby={`${languageId}-hint`}
            onChange={(event) => {
              if (isLanguageCode(event.target.value)) saveLanguage.mutate(event.target.value);
            }}
          >
            {languages.map((language) => (
              <option key={language.code} value={language.code} lang={htmlLang(language.code)}>
                {language.nativeName}
              </option>
            ))}
          </select>
          <p id={`${languageId}-hint`} className="fine-print">
            {t('auth.profile.languageHint')}
          </p>
        </div>
      </section>
      {user.userType === 'passenger' && (
        <section className="card" aria-labelledby="profile-trusted-contacts">
          <h2 id="profile-trusted-contacts">{t('safety.contacts.title')}</h2>
          <p className="fine-print">{t('safety.contacts.intro', { max: MAX_TRUSTED_CONTACTS })}</p>
          <PathLink href="/safety/contacts" className="button button--secondary">
            {t('safety.share.manage')}
          </PathLink>
        </section>
      )}
      <button type="button" className="button button--secondary" onClick={signOut} disabled={logout.isPending}>
        {logout.isPending ? t('auth.profile.signingOut') : t('auth.profile.signOut')}
      </button>
    </div>
  );
}
