/**
 * One call to a provider, with a deadline. Whatever stops us reading an answer (a timeout, a
 * refused connection, a body that is not what we asked for) is `unreachable`: the adapters turn it
 * into "unknown, ask again later", never into a failure of the payment.
 */
export type ProviderReply = { kind: 'reply'; status: number; body: unknown; text: string } | { kind: 'unreachable'; detail: string };

export type Fetch = typeof fetch;

export async function callProvider(fetchImpl: Fetch, url: string, init: RequestInit, timeoutMs: number): Promise<ProviderReply> {
  try {
    const response = await fetchImpl(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    const text = await response.text();
    return { kind: 'reply', status: response.status, body: parseJson(text), text };
  } catch (error) {
    const name = (error as Error).name;
    const detail =
      name === 'TimeoutError' || name === 'AbortError' ? `no answer within ${timeoutMs} ms` : `unreachable: ${(error as Error).message}`;
    return { kind: 'unreachable', detail };
  }
}

function parseJson(text: string): unknown {
  if (text.trim() === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** A short description of a reply for logs and events (providers' bodies can be long). Never for token replies: they carry credentials. */
export const describeReply = (reply: Extract<ProviderReply, { kind: 'reply' }>) => `HTTP ${reply.status}: ${reply.text.slice(0, 200)}`;

/**
 * An access token fetched on demand and kept until shortly before it expires; concurrent callers
 * share one fetch. `forget()` drops it (after a 401) so the next call fetches a fresh one.
 */
export class TokenCache {
  private current: { token: string; expiresAt: number } | null = null;
  private inFlight: Promise<string> | null = null;

  constructor(
    private readonly fetchToken: () => Promise<{ token: string; expiresInSeconds: number }>,
    private readonly now: () => number = Date.now,
  ) {}

  async get(): Promise<string> {
    if (this.current && this.current.expiresAt > this.now()) return this.current.token;
    this.inFlight ??= this.fetchToken()
      .then(({ token, expiresInSeconds }) => {
        // Renew a little early (a tenth of its life, at most a minute) so no call carries a token that lapses on the way.
        const margin = Math.min(60, expiresInSeconds / 10) * 1000;
        this.current = { token, expiresAt: this.now() + expiresInSeconds * 1000 - margin };
        return token;
      })
      .finally(() => {
        this.inFlight = null;
      });
    return this.inFlight;
  }

  forget(): void {
    this.current = null;
  }
}

/** Thrown by a token fetch: `refused` means the provider rejected our credentials, which no retry will fix. */
export class ProviderTokenError extends Error {
  override name = 'ProviderTokenError';
  constructor(
    readonly refused: boolean,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Runs a provider call that needs a token. Refused credentials mean nothing left us and nothing
 * will (a failure to report); any other trouble getting a token is passing (unknown, ask again).
 */
export async function whenTokenAvailable<Outcome>(
  work: () => Promise<Outcome>,
): Promise<Outcome | { status: 'failed'; reason: 'provider_error'; detail: string } | { status: 'unknown'; detail: string }> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof ProviderTokenError)) throw error;
    return error.refused
      ? { status: 'failed', reason: 'provider_error', detail: error.message }
      : { status: 'unknown', detail: error.message };
  }
}

/** Kwacha as providers take it: `4550` ngwee → `"45.50"`. */
export const kwachaString = (ngwee: number): string => (ngwee / 100).toFixed(2);
