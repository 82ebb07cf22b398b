import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  url: string;
  body: string;
}

export interface StandInAnswer {
  status: number;
  body: unknown;
}

/**
 * A local HTTP server standing in for an external engine in contract tests: it answers each
 * request with what `answer` returns (a JSON body, or a raw string), records what it was asked,
 * and `hang` makes it never answer (for timeouts). Listens on 127.0.0.1 only.
 */
export async function startStandIn() {
  const requests: RecordedRequest[] = [];
  let answer: (request: RecordedRequest) => StandInAnswer | 'hang' = () => ({ status: 404, body: { error: 'no answer set' } });
  const hanging = new Set<ServerResponse>();
  const server = createServer(async (request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const recorded = { method: request.method ?? 'GET', url: request.url ?? '/', body: Buffer.concat(chunks).toString('utf8') };
    requests.push(recorded);
    const reply = answer(recorded);
    if (reply === 'hang') {
      hanging.add(response);
      return;
    }
    const text = typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body);
    response.writeHead(reply.status, { 'content-type': typeof reply.body === 'string' ? 'text/plain' : 'application/json' });
    response.end(text);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    answerWith(next: typeof answer) {
      answer = next;
    },
    async close() {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
