import { useRouter, useRouterState } from '@tanstack/react-router';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageMeta } from '../seo/PageMeta.js';
import type { UserType } from '../session/currentUser.js';
import { SELF_SERVICE_ROLES, type SelfServiceRole } from '../../../domain/account/index.js';
import { useTakeUpRole } from '../session/roles.js';
import { PathLink } from '../shell/PathLink.js';
import { useToast } from '../toast/Toaster.js';
import { useAuthState, type SessionUser } from './authState.js';
import { authPath } from './redirect.js';
import './auth.css';

/** How long the "authentication required" card shows before going to /auth (spec 001 §6). */
export const SIGN_IN_REDIRECT_DELAY_MS = 2_000;

export interface ProtectedProps {
  /** The screen (useSignedInUser() gives it the user). */
  children: ReactNode;
  /** Who may use the screen; anyone signed in when left out. */
  allow?: readonly UserType[];
  /** The sentence under "Authentication required" (default: "Please login to book"). */
  signInHint?: string;
  /** Whether a second factor must be set up first (spec 000 §2.2: yes by default). */
  requireMfa?: boolean;
}

/**
 * The gate of the signed-in layout (routes/_signedIn.tsx), for signed-in users (spec 000 §2.2): "checking login" while the session is asked,
 * a prompt to finish the second factor, a prompt to turn it on, "authentication required" (then
 * /auth after 2 s, coming back here after sign-in), or the screen itself.
 */
export function Protected({ children, allow, signInHint, requireMfa = true }: ProtectedProps) {
  const { t } = useTranslation();
  const state = useAuthState();
  const here = useRouterState({ select: (routerState) => routerState.location.href });

  if (state.isPending) return <CheckingSignIn />;
  if (state.isError) {
    return (
      <Gate role="alert" alert>
        <h1>{t('auth.protected.checkFailed')}</h1>
        <button type="button" className="button button--primary" onClick={() => void state.refetch()}>
          {t('auth.protected.retry')}
        </button>
      </Gate>
    );
  }
  const auth = state.data;
  if (auth.kind === 'signedOut') return <SignInRequired hint={signInHint ?? t('auth.protected.loginToBook')} returnTo={here} />;
  if (auth.kind === 'mfaPending') {
    return (
      <Gate>
        <h1>{t('auth.protected.verifyTitle')}</h1>
        <p>{t('auth.protected.verifyBody')}</p>
        <PathLink href={authPath(here)} className="button button--primary">
          {t('auth.protected.verifyButton')}
        </PathLink>
      </Gate>
    );
  }
  if (requireMfa && !auth.user.mfaEnabled) {
    return (
      <Gate role="alert" alert>
        <h1>{t('auth.protected.mfaRequiredTitle')}</h1>
        <p>{t('auth.protected.mfaRequiredBody')}</p>
        <PathLink href={authPath(here)} className="button button--primary">
          {t('auth.protected.enableMfa')}
        </PathLink>
      </Gate>
    );
  }
  if (allow && !allow.some((role) => auth.user.roles.includes(role))) {
    const offer = roleOffered(auth.user, allow);
    if (offer) return <TakeUpRole role={offer} />;
    return (
      <Gate>
        <h1>{t('auth.protected.wrongRoleTitle')}</h1>
        <p>{t('auth.protected.wrongRoleBody')}</p>
        <PathLink href="/" className="button button--secondary">
          {t('auth.protected.home')}
        </PathLink>
      </Gate>
    );
  }
  return <>{children}</>;
}

/**
 * "Checking login": while the session is asked. Also the signed-in layout's pending screen, shown
 * before the sign-in texts have loaded (routes/_signedIn.tsx loads them): so it says it with the
 * first page's own texts, never a translation key.
 */
export function CheckingSignIn() {
  const { t } = useTranslation();
  return (
    <section className="card protected-state" role="status">
      <span className="spinner" aria-hidden="true" />
      <p>{t('app.checkingSignIn')}</p>
    </section>
  );
}

/** A card in place of the screen; until the screen itself shows (and names itself), the page is titled for signing in. */
function Gate({ children, role, alert = false }: { children: ReactNode; role?: 'status' | 'alert'; alert?: boolean }) {
  const { t } = useTranslation();
  return (
    <section className={`card protected-state${alert ? ' card--alert' : ''}`} role={role}>
      <PageMeta title={t('auth.page.metaTitle')} description={t('auth.page.metaDescription')} />
      {children}
    </section>
  );
}

function SignInRequired({ hint, returnTo }: { hint: string; returnTo: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  const router = useRouter();
  const target = authPath(returnTo);

  useEffect(() => {
    toast({ title: t('auth.protected.authRequired'), description: hint, variant: 'destructive' });
    const timer = setTimeout(() => router.history.push(target), SIGN_IN_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [toast, t, hint, router, target]);

  return (
    <Gate>
      <h1>{t('auth.protected.authRequired')}</h1>
      <p>{hint}</p>
      <p className="fine-print">{t('auth.protected.loginRequired')}</p>
      <div className="button-row">
        <PathLink href={target} className="button button--primary">
          {t('auth.protected.signIn')}
        </PathLink>
        <PathLink href={`${target}${target.includes('?') ? '&' : '?'}tab=signup`} className="button button--secondary">
          {t('auth.protected.createAccount')}
        </PathLink>
      </div>
    </Gate>
  );
}

/**
 * One account, two roles: a rider who opens a driver's screen may take up driving there (and a
 * driver, riding), on the same account. Admin and staff accounts are never offered one.
 */
function roleOffered(user: SessionUser, allow: readonly UserType[]): SelfServiceRole | null {
  if (user.userType !== 'passenger' && user.userType !== 'driver') return null;
  return SELF_SERVICE_ROLES.find((role) => allow.includes(role) && !user.roles.includes(role)) ?? null;
}

function TakeUpRole({ role }: { role: SelfServiceRole }) {
  const { t } = useTranslation();
  const takeUp = useTakeUpRole();
  const side = role === 'driver' ? 'drive' : 'ride';
  return (
    <Gate>
      <h1>{t(`auth.protected.${side}Title`)}</h1>
      <p>{t(`auth.protected.${side}Body`)}</p>
      {takeUp.isError && (
        <p role="alert" className="notice">
          {t('auth.protected.takeUpFailed')}
        </p>
      )}
      <div className="button-row">
        <button type="button" className="button button--primary" disabled={takeUp.isPending} onClick={() => takeUp.mutate(role)}>
          {t(`auth.protected.${side}Button`)}
        </button>
        <PathLink href="/" className="button button--secondary">
          {t('auth.protected.home')}
        </PathLink>
      </div>
    </Gate>
  );
}
