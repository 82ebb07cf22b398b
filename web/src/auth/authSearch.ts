import { definedOnly, oneOf, shortText } from '../routes/-searchParams.js';
import { safeReturnPath } from './redirect.js';

/** What /auth and /login read from the URL; anything malformed is dropped. */
export interface AuthSearch {
  tab?: 'signin' | 'signup';
  /** The page to return to after signing in (a path in this app). */
  redirect?: string;
  /** `auth=success`: a provider sign-in finished (spec 001 §2). */
  auth?: string;
  /** A provider sign-in failed: google_auth_failed, apple_auth_failed, … */
  error?: string;
}

export function validateAuthSearch(search: Record<string, unknown>): AuthSearch {
  const redirect = typeof search.redirect === 'string' ? safeReturnPath(search.redirect) : undefined;
  return definedOnly<AuthSearch>({
    tab: oneOf(['signin', 'signup'] as const, search.tab),
    redirect: redirect === '/' ? undefined : redirect,
    auth: shortText(search.auth, 40),
    error: shortText(search.error, 60),
  });
}

/** The toast text for a provider's failure code (spec 001 §8). */
export function providerErrorKey(error: string): 'auth.toasts.googleFailed' | 'auth.toasts.appleFailed' | 'auth.toasts.genericFailed' {
  if (error === 'google_auth_failed') return 'auth.toasts.googleFailed';
  if (error === 'apple_auth_failed') return 'auth.toasts.appleFailed';
  return 'auth.toasts.genericFailed';
}
