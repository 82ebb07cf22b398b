import { randomUUID } from 'node:crypto';
import { POSITION_HEADER, ReadPosition } from '../../contract/readPosition.js';
import type { DemoCodes } from './demoCodes.js';

/**
 * The simulator's HTTP client: one signed-in person per session (the session cookie), every call
 * to the one server given, each with a timeout and a bounded number of retries. Like the web, it
 * reads its own writes: every read names the furthest `$all` position its commands were answered at,
 * so a driver reading the ride just accepted is not told it is not theirs by a read model a few
 * milliseconds behind.
 */

export interface Answer<Body = any> {
  status: number;
  body: Body;
}

export class ApiError extends Error {
  constructor(
    readonly method: string,
    readonly path: string,
    readonly status: number,
    readonly body: any,
  ) {
    super(`${method} ${path} answered ${status} ${body?.code ?? ''}: ${body?.message ?? JSON.stringify(body)}`);
  }
  get code(): string | undefined {
    return this.body?.code;
  }
}

/**
 * Whether the outcome of a write is unknown: no answer came (a timeout, a reset connection, a
 * server restarting) or the server failed on its side (5xx, such as 503 database_unavailable).
 * The command may or may not have been applied: the caller reads the state back, or sends the
 * very same request again with the same Idempotency-Key (applied once however often it is sent).
 * A 4xx is an answer: the request was refused and nothing was done.
 */
export function answerLost(error: unknown): boolean {
  return !(error instanceof ApiError) || error.status >= 500;
}

const SESSION_COOKIE = 'tiyende_session';
const ATTEMPTS = 3;

export interface ClientOptions {
  baseUrl: URL;
  timeoutMs: number;
}

export class Session {
  private cookie: string | undefined;
  private readonly position = new ReadPosition();
  userId = '';

  constructor(private readonly options: ClientOptions) {}

  /** The session cookie as a Cookie header (for a ws client of the same person), or undefined before sign-in. */
  get cookieHeader(): string | undefined {
    return this.cookie;
  }

  /**
   * One request. A network failure, or a 503 (the server briefly without its database), is retried
   * (at most ATTEMPTS in all) when repeating is safe: a read, or a write carrying an
   * Idempotency-Key (the server treats the repeat as the same command).
   */
  async call<Body = any>(method: string, path: string, body?: unknown, idempotencyKey?: string): Promise<Answer<Body>> {
    if (!path.startsWith('/api/')) throw new Error(`The simulator only calls the API (/api/…), not ${path}`);
    const url = new URL(path, this.options.baseUrl);
    if (url.origin !== this.options.baseUrl.origin) throw new Error(`Refusing to call ${url.origin}: the simulator talks to ${this.options.baseUrl.origin} only`);
    const retryable = method === 'GET' || idempotencyKey !== undefined;
    for (let attempt = 1; ; attempt++) {
      try {
        const answer = await this.send<Body>(method, url, body, idempotencyKey);
        if (answer.status !== 503 || !retryable || attempt >= ATTEMPTS) return answer;
      } catch (error) {
        if (!retryable || attempt >= ATTEMPTS) throw error;
      }
      await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
    }
  }

  /** A position seen elsewhere (a live message's `position`): later reads see at least what it said, as the web's do. */
  sawPosition(position: string | null | undefined): void {
    this.position.remember(position);
  }

  /** Like `call`, but anything other than 2xx throws an ApiError naming the refusal. */
  async expect<Body = any>(method: string, path: string, body?: unknown, idempotencyKey?: string): Promise<Body> {
    const answer = await this.call<Body>(method, path, body, idempotencyKey);
    if (answer.status < 200 || answer.status >= 300) throw new ApiError(method, path, answer.status, answer.body);
    return answer.body;
  }

  private async send<Body>(method: string, url: URL, body: unknown, idempotencyKey: string | undefined): Promise<Answer<Body>> {
    const headers: Record<string, string> = { 'x-correlation-id': `sim-${randomUUID()}` };
    if (this.cookie) headers.cookie = this.cookie;
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;
    if (method === 'GET') Object.assign(headers, this.position.headers());
    const response = await fetch(url, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(this.options.timeoutMs),
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      if (pair?.startsWith(`${SESSION_COOKIE}=`)) this.cookie = pair.length > SESSION_COOKIE.length + 1 ? pair : undefined;
    }
    this.position.remember(response.headers.get(POSITION_HEADER));
    const text = await response.text();
    return { status: response.status, body: text ? (JSON.parse(text) as Body) : (undefined as Body) };
  }

  /** Password, then the demo authenticator code; a code refused as spent is retried once with a fresh one. */
  async signIn(email: string, password: string, codes: DemoCodes): Promise<void> {
    const login = await this.expect<{ userId: string }>('POST', '/api/auth/login', { email, password });
    this.userId = login.userId;
    const first = await this.call('POST', '/api/auth/verify-mfa', { userId: login.userId, code: await codes.next() });
    if (first.status === 200) return;
    if (first.body?.code !== 'invalid_code') throw new ApiError('POST', '/api/auth/verify-mfa', first.status, first.body);
    codes.refused();
    await this.expect('POST', '/api/auth/verify-mfa', { userId: login.userId, code: await codes.next() });
  }
}

/** What a refusal was, for a log line: its code, or the status when it has none. */
export const refusalOf = (answer: Answer<unknown>): string => (answer.body as { code?: string } | undefined)?.code ?? String(answer.status);
