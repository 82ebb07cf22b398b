import { describe, expect, it } from 'vitest';
import { providerErrorKey, validateAuthSearch } from './authSearch.js';
import { authPath, safeReturnPath } from './redirect.js';

describe('the auth page URL', () => {
  it('keeps a return path inside the app and drops one that leaves it', () => {
    expect(validateAuthSearch({ redirect: '/book?vehicle=car', tab: 'signup' })).toEqual({ redirect: '/book?vehicle=car', tab: 'signup' });
    expect(validateAuthSearch({ redirect: '//evil.example/x' })).toEqual({});
    expect(validateAuthSearch({ redirect: 'https://evil.example' })).toEqual({});
    expect(validateAuthSearch({ tab: 'other', error: 'google_auth_failed' })).toEqual({ error: 'google_auth_failed' });
  });

  it('never returns to the auth page itself', () => {
    expect(safeReturnPath('/auth?redirect=/book')).toBe('/');
    expect(safeReturnPath('/login')).toBe('/');
    expect(safeReturnPath('/\\evil')).toBe('/');
  });

  it('sends the visitor to /auth with the page to come back to', () => {
    expect(authPath('/book?pricing=bidding')).toBe('/auth?redirect=%2Fbook%3Fpricing%3Dbidding');
    expect(authPath('/')).toBe('/auth');
  });

  it('names the provider that failed, else the generic message', () => {
    expect(providerErrorKey('google_auth_failed')).toBe('auth.toasts.googleFailed');
    expect(providerErrorKey('apple_auth_failed')).toBe('auth.toasts.appleFailed');
    expect(providerErrorKey('state_mismatch')).toBe('auth.toasts.genericFailed');
  });
});
