import type { QueryFunction } from '@tanstack/react-query';
import { POSITION_HEADER, type ReadPosition } from '../../../contract/readPosition.js';
import { readPosition as pagePosition } from './readPosition.js';

/**
 * A refused request. The message is the status, a colon and a space, then the body's text (or
 * the status text when the body is empty), as spec 000 §8 has it: "401: {"message":…}".
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
    statusText: string,
  ) {
    super(`${status}: ${body || statusText}`);
    this.name = 'HttpError';
  }

  /** The `message` of a JSON error body (`{ message, code }` from our API), if it has one. */
  get serverMessage(): string | undefined {
    try {
      const parsed: unknown = JSON.parse(this.body);
      const message = (parsed as { message?: unknown } | null)?.message;
      return typeof message === 'string' && message.trim() ? message : undefined;
    } catch {
      return undefined;
    }
  }
}

/** The server's own words for a failure, else the given fallback (for toasts). */
export const serverMessageOr = (error: unknown, fallback: string): string =>
  (error instanceof HttpError ? error.serverMessage : undefined) ?? fallback;

type Fetch = typeof fetch;

/**
 * Calls our API with the session cookie. A JSON body (and its content type) is sent only when
 * there is a body; an empty answer (204) resolves to undefined. A read names the furthest position
 * the page has seen, and every answer's position is remembered (readPosition.ts).
 */
export async function requestJson<T>(method: string, path: string, body?: unknown, fetchImpl: Fetch = fetch, position: ReadPosition = pagePosition): Promise<T> {
  const response = await fetchImpl(path, {
    method,
    credentials: 'include',
    headers: {
      accept: 'application/json',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(method === 'GET' ? position.headers() : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  position.remember(response.headers?.get(POSITION_HEADER));
  const text = await response.text();
  if (!response.ok) throw new HttpError(response.status, text, response.statusText);
  return (text ? JSON.parse(text) : undefined) as T;
}

export const getJson = <T>(path: string, fetchImpl?: Fetch) => requestJson<T>('GET', path, undefined, fetchImpl);
export const postJson = <T>(path: string, body?: unknown, fetchImpl?: Fetch) => requestJson<T>('POST', path, body, fetchImpl);

/** The default query: the key's parts joined with slashes is the path (["/api/rides", id] → /api/rides/id). */
export const fetchQueryKey: QueryFunction = ({ queryKey }) => getJson(queryKey.map(String).join('/'));
