import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useMachine } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { PageMeta } from '../seo/PageMeta.js';
import { useToast } from '../toast/Toaster.js';
import './auth.css';
import { authFlowMachine, type AuthStep } from './authFlow.js';
import { providerErrorKey, type AuthSearch } from './authSearch.js';
import { authStateQueryKey, rememberSignedIn, useAuthState, type SessionUser } from './authState.js';
import { CredentialsTabs } from './CredentialsTabs.js';
import { SecondFactorStep } from './SecondFactorStep.js';

/**
 * /auth and /login (spec 001 §2 "Sign-in and registration page"): already signed in → the page
 * asked for (or /); a provider's `?auth=success` → toast, then /; `?error=` → toast, then /login.
 * Otherwise the steps of the auth flow machine: credentials, second-factor set-up, code.
 */
export function AuthPage({ search }: { search: AuthSearch }) {
  const { t } = useTranslation();
  const toast = useToast();
  const router = useRouter();
  const queryClient = useQueryClient();
  const auth = useAuthState();
  const [flow, send] = useMachine(authFlowMachine);
  const step = flow.value as AuthStep;
  const returnTo = search.redirect ?? '/';
  const handledQuery = useRef(false);

  useEffect(() => {
    if (handledQuery.current) return;
    if (search.auth === 'success') {
      handledQuery.current = true;
      toast({ title: t('auth.toasts.loginSuccess') });
      void queryClient.invalidateQueries({ queryKey: ['auth'] });
      router.history.replace('/');
    } else if (search.error) {
      handledQuery.current = true;
      toast({ title: t('auth.toasts.authError'), description: t(providerErrorKey(search.error)), variant: 'destructive' });
      router.history.replace('/login');
    }
  }, [search.auth, search.error, toast, t, queryClient, router]);

  // Signed in already (and not because of this page's own flow): nothing to do here.
  const signedIn = auth.data?.kind === 'signedIn';
  useEffect(() => {
    if (signedIn && step === 'credentials' && !search.auth) router.history.replace(returnTo);
  }, [signedIn, step, search.auth, returnTo, router]);

  // A sign-in left half-way (password given, code not yet): carry on from where it stopped.
  const pending = auth.data?.kind === 'mfaPending' ? auth.data : null;
  useEffect(() => {
    if (pending && step === 'credentials') {
      send({ type: 'SIGNED_IN', answer: { requiresMfa: true, userId: pending.userId, mfaEnabled: pending.mfaEnabled, mfaMethod: null, codeDelivery: null } });
    }
    // Only when the pending state first appears, not after the visitor cancels it.
  }, [pending?.userId]);

  const verified = (user: SessionUser, backupCodesRemaining: number | undefined) => {
    send({ type: 'VERIFIED' });
    rememberSignedIn(queryClient, user);
    // What was fetched as a visitor (the catalogue, say) may differ for this account.
    void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== 'auth' });
    const welcome = t('auth.toasts.welcomeBack', { name: user.fullName });
    // Signing in with a backup code uses it up: say how many are left.
    const description = backupCodesRemaining === undefined ? welcome : `${welcome} ${t('auth.mfa.backupRemaining', { count: backupCodesRemaining })}`;
    toast({ title: t('auth.toasts.loginSuccess'), description });
    router.history.replace(returnTo);
  };
  const cancel = () => {
    send({ type: 'CANCEL' });
    void queryClient.invalidateQueries({ queryKey: authStateQueryKey });
  };

  const checking = auth.isPending || (signedIn && step === 'credentials');
  const checkingStatus = (
    <p role="status" className="auth-card__checking">
      <span className="spinner" aria-hidden="true" /> {t('auth.page.checking')}
    </p>
  );

  return (
    <div className="page auth-page">
      <PageMeta title={t('auth.page.metaTitle')} description={t('auth.page.metaDescription')} />
      <header className="auth-page__header">
        <p className="auth-page__brand">{t('app.name')}</p>
        <p className="auth-page__tagline">{t('auth.page.tagline')}</p>
      </header>
      <h1 className="visually-hidden">{t('auth.page.title')}</h1>
      <div className="card auth-card">
        {checking ? (
          checkingStatus
        ) : step === 'credentials' ? (
          <CredentialsTabs initialTab={search.tab ?? 'signin'} onSignedIn={(answer) => send({ type: 'SIGNED_IN', answer })} onRegistered={(id) => send({ type: 'REGISTERED', userId: id })} />
        ) : (
          <SecondFactorStep step={step} context={flow.context} send={send} onVerified={verified} onCancel={cancel} fallback={checkingStatus} />
        )}
      </div>
      <p className="fine-print auth-page__terms">{t('auth.page.terms')}</p>
    </div>
  );
}
