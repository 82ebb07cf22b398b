import { createHash, createPublicKey, generateKeyPairSync, randomUUID, sign, verify, type KeyObject } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A tiny OpenID Connect provider on 127.0.0.1 for tests: discovery, JWKS, and a token endpoint
 * that checks the PKCE verifier and answers an RS256 ID token. The test plays the browser and the
 * person: it reads the authorization URL the app built, then `authorize()` decides who signs in.
 */
export interface FakeIdentity {
  sub: string;
  email?: string;
  email_verified?: boolean | 'true' | 'false';
  name?: string;
}

export interface TokenRequest {
  form: URLSearchParams;
}

export class FakeOidcIssuer {
  private readonly keys = generateKeyPairSync('rsa', { modulusLength: 2048 });
  private readonly kid = randomUUID();
  private readonly codes = new Map<string, { identity: FakeIdentity; nonce: string; challenge: string; clientId: string }>();
  readonly tokenRequests: TokenRequest[] = [];
  /** Checks each token request's client_secret (Apple's is a signed JWT); answers false to refuse. */
  clientSecretCheck: (secret: string) => boolean = () => true;
  private server!: Server;
  url = '';

  async start(): Promise<this> {
    this.server = createServer((request, response) => {
      const url = new URL(request.url ?? '/', this.url);
      const json = (status: number, body: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(body));
      };
      if (url.pathname === '/.well-known/openid-configuration') {
        return json(200, {
          issuer: this.url,
          authorization_endpoint: `${this.url}/authorize`,
          token_endpoint: `${this.url}/token`,
          jwks_uri: `${this.url}/jwks`,
          response_types_supported: ['code'],
          subject_types_supported: ['public'],
          id_token_signing_alg_values_supported: ['RS256'],
          token_endpoint_auth_methods_supported: ['client_secret_post'],
          code_challenge_methods_supported: ['S256'],
        });
      }
      if (url.pathname === '/jwks') {
        return json(200, { keys: [{ ...this.keys.publicKey.export({ format: 'jwk' }), kid: this.kid, alg: 'RS256', use: 'sig' }] });
      }
      if (url.pathname === '/token' && request.method === 'POST') {
        let body = '';
        request.on('data', (chunk) => (body += chunk));
        request.on('end', () => {
          const form = new URLSearchParams(body);
          this.tokenRequests.push({ form });
          const grant = this.codes.get(form.get('code') ?? '');
          this.codes.delete(form.get('code') ?? '');
          const verifier = form.get('code_verifier') ?? '';
          const challenge = createHash('sha256').update(verifier).digest('base64url');
          if (!grant || grant.challenge !== challenge || !this.clientSecretCheck(form.get('client_secret') ?? '')) {
            return json(400, { error: 'invalid_grant' });
          }
          return json(200, { access_token: randomUUID(), token_type: 'Bearer', expires_in: 3600, id_token: this.idToken(grant) });
        });
        return;
      }
      json(404, { error: 'not_found' });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  /** The person signs in at the provider: answers the code the browser carries back. */
  authorize(authorizationUrl: string, identity: FakeIdentity): { code: string; state: string } {
    const url = new URL(authorizationUrl);
    const code = randomUUID();
    this.codes.set(code, {
      identity,
      nonce: url.searchParams.get('nonce') ?? '',
      challenge: url.searchParams.get('code_challenge') ?? '',
      clientId: url.searchParams.get('client_id') ?? '',
    });
    return { code, state: url.searchParams.get('state') ?? '' };
  }

  private idToken(grant: { identity: FakeIdentity; nonce: string; clientId: string }): string {
    const now = Math.floor(Date.now() / 1000);
    const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const input = `${encode({ alg: 'RS256', kid: this.kid, typ: 'JWT' })}.${encode({
      iss: this.url,
      aud: grant.clientId,
      iat: now,
      exp: now + 600,
      nonce: grant.nonce,
      ...grant.identity,
    })}`;
    return `${input}.${sign('sha256', Buffer.from(input), this.keys.privateKey).toString('base64url')}`;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

/** Checks an ES256 JWT (Apple's client secret) against a public key; answers its claims or null. */
export function verifyEs256(jwt: string, publicKey: KeyObject | string): Record<string, unknown> | null {
  const [header, payload, signature] = jwt.split('.');
  if (!header || !payload || !signature) return null;
  const key = typeof publicKey === 'string' ? createPublicKey(publicKey) : publicKey;
  const valid = verify('sha256', Buffer.from(`${header}.${payload}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'));
  return valid ? (JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>) : null;
}
