import { z } from 'zod';
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

const schema = z.object({
  tab: z.enum(['signin', 'signup']).optional().catch(undefined),
  redirect: z.string().optional().catch(undefined),
  auth: z.string().max(40).optional().catch(undefined),
  error: z.string().max(60).optional().catch(undefined),
});

export function validateAuthSearch(search: Record<string, unknown>): AuthSearch {
  const parsed = schema.parse(search);
  const redirect = parsed.redirect === undefined ? undefined : safeReturnPath(parsed.redirect);
  const result: AuthSearch = { ...parsed, redirect: redirect === '/' ? undefined : redirect };
  return Object.fromEntries(Object.entries(result).filter(([, value]) => value !== undefined)) as AuthSearch;
}

/** The toast text for a provider's failure code (spec 001 §8). */
export function providerErrorKey(error: string): 'auth.toasts.googleFailed' | 'auth.toasts.appleFailed' | 'auth.toasts.genericFailed' {
  if (error === 'google_auth_failed') return 'auth.toasts.googleFailed';
  if (error === 'apple_auth_failed') return 'auth.toasts.appleFailed';
  return 'auth.toasts.genericFailed';
}
