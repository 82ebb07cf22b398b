import { RoutingFailure } from '../types.js';

/** How to reach a routing engine the operator runs. */
export interface EngineOptions {
  /** The engine's base URL, e.g. `http://osrm:5000` or `http://valhalla:8002`. */
  baseUrl: string;
  /** Past this the engine counts as down for this request and the next router answers. */
  timeoutMs: number;
  /** The attribution of the data the engine was built from. */
  attribution: string;
  /** For tests; the global fetch otherwise. */
  fetch?: typeof fetch;
}

export interface EngineAnswer {
  status: number;
  /** The parsed JSON body; undefined when the body was not JSON. */
  body: unknown;
}

/**
 * One request to an engine, its JSON answer whatever the status; a network error, a timeout or a
 * server error (5xx) is a RoutingFailure, so that callers only read what the engine decided.
 */
export async function askEngine(router: string, url: URL, init: RequestInit, options: EngineOptions): Promise<EngineAnswer> {
  const fetchImpl = options.fetch ?? fetch;
  const signal = AbortSignal.timeout(options.timeoutMs);
  let text: string;
  let status: number;
  try {
    const response = await fetchImpl(url, { ...init, signal, headers: { accept: 'application/json', ...init.headers } });
    status = response.status;
    text = await response.text();
  } catch (error) {
    if (signal.aborted) throw new RoutingFailure(router, 'timeout', `no answer within ${options.timeoutMs} ms`);
    throw new RoutingFailure(router, 'unavailable', (error as Error).message);
  }
  if (status >= 500) throw new RoutingFailure(router, 'unavailable', `HTTP ${status}`);
  try {
    return { status, body: JSON.parse(text) };
  } catch {
    return { status, body: undefined };
  }
}

/** The engine's base URL with a path under it (a base URL may carry a path prefix of its own). */
export function engineUrl(baseUrl: string, path: string): URL {
  const base = baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`;
  return new URL(path.replace(/^\//, ''), base);
}
