import type { CodeChannel } from './accounts.table.js';
import type { CodeMessage, CodeTransport } from './transport.js';

export interface SmsGatewayOptions {
  url: string;
  token: string;
  timeoutMs?: number;
}

/**
 * One-time codes by SMS through an HTTP gateway: `POST {url}` with a bearer token and
 * `{ to, message }` as JSON. Zambian aggregators (and Africa's Talking, Twilio behind a small
 * relay) take this shape; a gateway that answers anything but 2xx is a failed delivery.
 */
export function createSmsGatewayTransport(options: SmsGatewayOptions): CodeTransport {
  return {
    channels: new Set<CodeChannel>(['sms']),
    async send(message: CodeMessage) {
      const response = await fetch(options.url, {
        method: 'POST',
        headers: { authorization: `Bearer ${options.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ to: message.to, message: message.text }),
        signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
      });
      if (!response.ok) {
        throw new Error(`SMS gateway answered ${response.status}: ${(await response.text()).slice(0, 200)}`);
      }
    },
  };
}
