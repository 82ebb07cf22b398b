import { createServer as createHttpServer, type IncomingMessage } from 'node:http';
import { createServer as createTcpServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionCookieFrom, startAccountsTestBed } from '../tests/support/accounts.js';
import { createSmsGatewayTransport } from './smsGatewayTransport.js';
import { createSmtpTransport } from './smtpTransport.js';
import { codeMessage, routeByChannel } from './transport.js';

/** An SMS gateway on 127.0.0.1 that records what it is sent and answers with `status`. */
async function fakeGateway() {
  const received: Array<{ authorization: string | undefined; body: { to: string; message: string } }> = [];
  const gateway = { received, status: 202, url: '', close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
  const server = createHttpServer((request: IncomingMessage, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      received.push({ authorization: request.headers.authorization, body: JSON.parse(body) });
      response.writeHead(gateway.status).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  gateway.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/send`;
  return gateway;
}

/** Just enough SMTP (RFC 5321) to take one message at a time, on 127.0.0.1. */
async function fakeSmtpServer() {
  const messages: Array<{ from: string; to: string[]; data: string }> = [];
  const server = createTcpServer((socket: Socket) => {
    let buffer = '';
    let inData = false;
    let current = { from: '', to: [] as string[], data: '' };
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 fake.smtp ready');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      let newline: number;
      while ((newline = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            messages.push(current);
            current = { from: '', to: [], data: '' };
            reply('250 queued');
          } else current.data += `${line}\n`;
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') reply('250 fake.smtp');
        else if (verb === 'MAIL') (current.from = line), reply('250 ok');
        else if (verb === 'RCPT') current.to.push(line), reply('250 ok');
        else if (verb === 'DATA') (inData = true), reply('354 go ahead');
        else if (verb === 'QUIT') reply('221 bye'), socket.end();
        else reply('250 ok');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { messages, port: (server.address() as AddressInfo).port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe('the SMS gateway adapter', () => {
  let gateway: Awaited<ReturnType<typeof fakeGateway>>;
  beforeAll(async () => {
    gateway = await fakeGateway();
  });
  afterAll(() => gateway.close());

  it('posts { to, message } with the bearer token, and a failed delivery is a 502 that does not start the cooldown', async () => {
    const transport = routeByChannel({ sms: createSmsGatewayTransport({ url: gateway.url, token: 'gateway-token' }) });
    const bed = await startAccountsTestBed({ environment: 'production', transport });
    try {
      const registered = await bed.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { email: 'gateway@example.zm', password: 'secret1', fullName: 'Gateway Test', phoneNumber: '0955123456' },
      });
      const cookie = sessionCookieFrom(registered)!;
      const { userId } = registered.json();
      const setup = () => bed.app.inject({ method: 'POST', url: '/api/auth/setup-mfa', headers: { cookie }, payload: { userId, method: 'sms' } });

      gateway.status = 500;
      const failed = await setup();
      expect(failed.statusCode).toBe(502);
      expect(failed.json().code).toBe('delivery_failed');

      gateway.status = 202;
      expect((await setup()).statusCode).toBe(200);
      const delivered = gateway.received.at(-1)!;
      expect(delivered.authorization).toBe('Bearer gateway-token');
      expect(delivered.body.to).toBe('+260955123456');
      const code = /code is (\d{6})\./.exec(delivered.body.message)?.[1];
      expect(code).toMatch(/^\d{6}$/);

      const verified = await bed.app.inject({ method: 'POST', url: '/api/auth/verify-mfa', headers: { cookie }, payload: { userId, code } });
      expect(verified.statusCode).toBe(200);
    } finally {
      await bed.close();
    }
  });
});

describe('the SMTP adapter', () => {
  it('sends the code from MAIL_FROM to the account’s address', async () => {
    const smtp = await fakeSmtpServer();
    const transport = createSmtpTransport({ url: `smtp://127.0.0.1:${smtp.port}?ignoreTLS=true`, from: 'Tiyende <codes@tiyende.test>' });
    try {
      await transport.send(codeMessage('email', 'chanda@example.zm', 'login', '482913', 5));
      expect(smtp.messages).toHaveLength(1);
      const [message] = smtp.messages;
      expect(message!.from).toContain('codes@tiyende.test');
      expect(message!.to.join()).toContain('chanda@example.zm');
      expect(message!.data).toContain('Subject: Your Tiyende sign-in code');
      expect(message!.data).toContain('482913');
    } finally {
      transport.close();
      await smtp.close();
    }
  });
});
