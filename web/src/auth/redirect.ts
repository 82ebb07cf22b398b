/**
 * Where to go after signing in: a path inside this app, never another site ("//evil.example",
 * "https://…" and anything not starting with one "/" fall back to the home page).
 */
export function safeReturnPath(value: unknown): string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  if (value === '/auth' || value.startsWith('/auth?') || value === '/login' || value.startsWith('/login?')) return '/';
  return value;
}

/** /auth, carrying the page to come back to when it is not the home page. */
export function authPath(returnTo: string): string {
  const path = safeReturnPath(returnTo);
  return path === '/' ? '/auth' : `/auth?redirect=${encodeURIComponent(path)}`;
}
