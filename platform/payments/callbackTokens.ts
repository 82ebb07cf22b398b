import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Callback URLs that prove who wrote them. Providers with no signing scheme of their own (MTN MoMo)
 * call back whatever URL we give with each request: a token derived from our secret and the
 * request's reference makes that URL unguessable and good for that reference only. Nothing is
 * stored: the token is recomputed when the callback arrives and compared in constant time.
 */
export function callbackToken(secret: string, scope: string): string {
  return createHmac('sha256', secret).update(`tiyende-payment-callback\u0000${scope}`).digest('base64url');
}

export function tokenMatches(secret: string, scope: string, presented: string): boolean {
  const expected = Buffer.from(callbackToken(secret, scope));
  const given = Buffer.from(presented);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** `<base>/<gateway>/<reference>/<token>`: where a provider reports on one request. */
export function requestCallbackUrl(base: string, secret: string, gateway: string, reference: string): string {
  return `${base.replace(/\/+$/, '')}/${gateway}/${reference}/${callbackToken(secret, `${gateway}/${reference}`)}`;
}

/**
 * The reference a `/<gateway>/<reference>/<token>` callback path names, if its token is ours for
 * that reference; null otherwise (forged, altered or for another gateway).
 */
export function referenceOfCallbackPath(path: string, secret: string, gateway: string): string | null {
  const parts = path.split('/').filter(Boolean);
  if (parts.length !== 3 || parts[0] !== gateway) return null;
  const [, reference, token] = parts as [string, string, string];
  return tokenMatches(secret, `${gateway}/${reference}`, token) ? reference : null;
}
