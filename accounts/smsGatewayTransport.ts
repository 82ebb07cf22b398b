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
  const gateway = createSmsGatewaySender(options);
  return {
    channels: new Set<CodeChannel>(['sms']),
    send: (message: CodeMessage) => gateway.send({ to: message.to, text: message.text }),
  };
}

/**
 * Any other text through the same gateway (the safety net's notices to trusted contacts): one
 * `POST { to, message }`; anything but 2xx is a failed delivery, for the caller to retry.
 */
export function createSmsGatewaySender(options: SmsGatewayOptions): { send(message: { to: string; text: string }): Promise<void> } {
  return {
    async send({ to, text }) {
      const response = await fetch(options.url, {
        method: 'POST',
        headers: { authorization: `Bearer ${options.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ to, message: text }),
        signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
      });
      if (!response.ok) {
        throw new Error(`SMS gateway answered ${response.status}: ${(await response.text()).slice(0, 200)}`);
      }
    },
  };
}
