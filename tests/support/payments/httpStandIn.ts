import { createServer, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Spec support: a local HTTP server standing in for a provider (or for our own callback route).
 * Each request is read whole, recorded, and answered by the handler; `failNext` and `stallNext`
 * make the next request answer 5xx or not at all within a client's deadline.
 */
export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  text: string;
  body: unknown;
}

export interface Reply {
  status: number;
  body?: unknown;
}

export interface HttpStandIn {
  url: string;
  requests: RecordedRequest[];
  failNext(status: number): void;
  stallNext(ms: number): void;
  close(): Promise<void>;
}

export async function startHttpStandIn(handle: (request: RecordedRequest) => Reply | Promise<Reply>): Promise<HttpStandIn> {
  const requests: RecordedRequest[] = [];
  const mishaps: Array<{ status: number } | { stallMs: number }> = [];
  const server: Server = createServer((incoming: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      void (async () => {
        const text = Buffer.concat(chunks).toString('utf8');
        const request: RecordedRequest = {
          method: incoming.method ?? 'GET',
          path: incoming.url ?? '/',
          headers: incoming.headers,
          text,
          body: parse(text),
        };
        requests.push(request);
        const mishap = mishaps.shift();
        if (mishap && 'stallMs' in mishap) await new Promise((resolve) => setTimeout(resolve, mishap.stallMs));
        const reply =
          mishap && 'status' in mishap ? { status: mishap.status, body: { message: 'Internal Server Error' } } : await handle(request);
        if (response.destroyed) return;
        response.writeHead(reply.status, reply.body === undefined ? {} : { 'Content-Type': 'application/json' });
        response.end(reply.body === undefined ? undefined : JSON.stringify(reply.body));
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    failNext: (status) => mishaps.push({ status }),
    stallNext: (stallMs) => mishaps.push({ stallMs }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function parse(text: string): unknown {
  try {
    return text === '' ? null : (JSON.parse(text) as unknown);
  } catch {
    return text;
  }
}

/** Posts (or puts) a JSON body to a URL, as a provider delivers a callback. */
export async function deliver(url: string, body: unknown, method: 'POST' | 'PUT' = 'POST'): Promise<number> {
  const response = await fetch(url, { method, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  await response.text();
  return response.status;
}

/** Where our callbacks land in the specs: it records each and answers 200, as our route would. */
export async function startCallbackReceiver(): Promise<HttpStandIn & { base: string }> {
  const receiver = await startHttpStandIn(() => ({ status: 200, body: { received: true } }));
  return { ...receiver, base: `${receiver.url}/api/payments/callbacks` };
}
