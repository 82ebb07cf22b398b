import { createPrivateKey, sign } from 'node:crypto';

export interface AppleKey {
  teamId: string;
  keyId: string;
  clientId: string;
  /** The .p8 key from Apple's developer portal (PKCS#8 PEM, P-256). */
  privateKeyPem: string;
}

const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

/**
 * Apple takes no fixed client secret: each token request carries a JWT signed with the team's key
 * (ES256, at most six months valid). We sign short-lived ones as needed.
 */
export function appleClientSecret(key: AppleKey, now: Date, lifetimeSeconds = 2 * 3600): string {
  const issuedAt = Math.floor(now.getTime() / 1000);
  const header = base64url(JSON.stringify({ alg: 'ES256', kid: key.keyId, typ: 'JWT' }));
  const payload = base64url(
    JSON.stringify({ iss: key.teamId, iat: issuedAt, exp: issuedAt + lifetimeSeconds, aud: 'https://appleid.apple.com', sub: key.clientId }),
  );
  const signature = sign('sha256', Buffer.from(`${header}.${payload}`), {
    key: createPrivateKey(key.privateKeyPem.replace(/\\n/g, '\n')),
    dsaEncoding: 'ieee-p1363',
  });
  return `${header}.${payload}.${base64url(signature)}`;
}
