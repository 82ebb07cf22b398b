import * as oidc from 'openid-client';

export type ProviderName = 'google' | 'apple';

export interface ProviderSettings {
  name: ProviderName;
  issuer: string;
  clientId: string;
  /** A fixed secret (Google) or a fresh one per use (Apple's signed JWT). */
  clientSecret: () => string;
  redirectUri: string;
  scope: string;
  /** Apple answers with a form POST when e-mail or name is asked for. */
  responseMode?: 'form_post';
  /** Plain-HTTP issuers are for tests on this machine only. */
  allowInsecure: boolean;
}

/** What the browser carries between leaving for the provider and coming back. */
export interface FlowState {
  state: string;
  nonce: string;
  codeVerifier: string;
}

export interface ProviderIdentity {
  provider: ProviderName;
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
}

// Discovery documents and signing keys change rarely; an hour keeps Apple's JWT secret fresh too.
const CONFIGURATION_TTL_MS = 3600_000;

/**
 * One OpenID Connect provider, authorization-code flow with PKCE, state and nonce (openid-client
 * does the protocol: discovery, the token request, the ID token's signature and claims).
 */
export class OidcProvider {
  private configuration: { value: Promise<oidc.Configuration>; at: number } | undefined;

  constructor(readonly settings: ProviderSettings) {}

  get name(): ProviderName {
    return this.settings.name;
  }

  private async config(): Promise<oidc.Configuration> {
    const now = Date.now();
    if (!this.configuration || now - this.configuration.at > CONFIGURATION_TTL_MS) {
      const { issuer, clientId, clientSecret, allowInsecure } = this.settings;
      const value = oidc.discovery(new URL(issuer), clientId, undefined, oidc.ClientSecretPost(clientSecret()), {
        execute: allowInsecure ? [oidc.allowInsecureRequests] : [],
        timeout: 10,
      });
      this.configuration = { value, at: now };
      value.catch(() => (this.configuration = undefined));
    }
    return this.configuration.value;
  }

  async start(): Promise<{ url: URL; flow: FlowState }> {
    const flow: FlowState = { state: oidc.randomState(), nonce: oidc.randomNonce(), codeVerifier: oidc.randomPKCECodeVerifier() };
    const parameters: Record<string, string> = {
      redirect_uri: this.settings.redirectUri,
      scope: this.settings.scope,
      response_type: 'code',
      state: flow.state,
      nonce: flow.nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(flow.codeVerifier),
      code_challenge_method: 'S256',
    };
    if (this.settings.responseMode) parameters.response_mode = this.settings.responseMode;
    return { url: oidc.buildAuthorizationUrl(await this.config(), parameters), flow };
  }

  /** Turns the provider's answer (query or form fields) into a verified identity, or throws. */
  async finish(answer: Record<string, string>, flow: FlowState): Promise<ProviderIdentity> {
    const current = new URL(this.settings.redirectUri);
    for (const [key, value] of Object.entries(answer)) current.searchParams.set(key, value);
    const tokens = await oidc.authorizationCodeGrant(await this.config(), current, {
      expectedState: flow.state,
      expectedNonce: flow.nonce,
      pkceCodeVerifier: flow.codeVerifier,
    });
    const claims = tokens.claims();
    if (!claims) throw new Error(`${this.name} returned no ID token`);
    return {
      provider: this.name,
      subject: claims.sub,
      email: typeof claims.email === 'string' ? claims.email.toLowerCase() : null,
      // Apple sends "true" as a string.
      emailVerified: claims.email_verified === true || claims.email_verified === 'true',
      name: typeof claims.name === 'string' ? claims.name : appleName(answer.user),
    };
  }
}

/** Apple sends the person's name once, in the first answer's `user` form field. */
function appleName(userField: string | undefined): string | null {
  if (!userField) return null;
  try {
    const { name } = JSON.parse(userField) as { name?: { firstName?: string; lastName?: string } };
    const full = [name?.firstName, name?.lastName].filter(Boolean).join(' ').trim();
    return full || null;
  } catch {
    return null;
  }
}
