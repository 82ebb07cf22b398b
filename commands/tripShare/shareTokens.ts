import { createHash, createHmac } from 'node:crypto';

/**
 * The secret part of a share link. It is derived from the share's id with a server secret
 * (HMAC-SHA256), so it is unguessable without the secret, yet whoever holds the secret can
 * rebuild it: the SMS reactor sends the link to trusted contacts long after the share was
 * started, and the rider's screen can show its link again, while the events keep only the
 * token's SHA-256. Changing the secret closes every link at once.
 */
export interface ShareTokens {
  /** The token in the link: 43 URL-safe characters. */
  tokenFor(shareId: string): string;
  /** What the events store and the public page looks a presented token up by. */
  hashOf(token: string): string;
}

/** At least 32 bytes of randomness, as an HMAC-SHA256 key deserves. */
export const MIN_SHARE_SECRET_LENGTH = 32;

export function createShareTokens(secret: string): ShareTokens {
  if (secret.length < MIN_SHARE_SECRET_LENGTH) {
    throw new RangeError(`the share link secret must be at least ${MIN_SHARE_SECRET_LENGTH} characters`);
  }
  return {
    tokenFor: (shareId) => createHmac('sha256', secret).update(`trip-share\u0000${shareId}`).digest('base64url'),
    hashOf: (token) => createHash('sha256').update(token, 'utf8').digest('hex'),
  };
}
