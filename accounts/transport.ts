import type { Logger } from 'pino';
import type { CodeChannel, CodePurpose } from './accounts.table.js';
import { AuthError } from './errors.js';

/** One one-time code on its way to a person. */
export interface CodeMessage {
  channel: CodeChannel;
  /** E.164 phone number for `sms`, an address for `email`. */
  to: string;
  purpose: CodePurpose;
  code: string;
  subject: string;
  text: string;
}

/**
 * The port one-time codes leave through. Adapters: `log` (development: the server log and an
 * in-memory outbox), SMTP e-mail, an HTTP SMS gateway. `channels` says what it can reach.
 */
export interface CodeTransport {
  readonly channels: ReadonlySet<CodeChannel>;
  send(message: CodeMessage): Promise<void>;
}

export interface OutboxEntry extends CodeMessage {
  sentAt: Date;
}

const OUTBOX_LIMIT = 200;

/**
 * Development's transport: writes each code to the server log and keeps the last few in memory
 * for GET /api/dev/outbox (which only exists outside production). Tests read codes from here.
 */
export class LogCodeTransport implements CodeTransport {
  readonly channels: ReadonlySet<CodeChannel> = new Set<CodeChannel>(['sms', 'email']);
  readonly outbox: OutboxEntry[] = [];

  constructor(
    private readonly logger: Logger,
    private readonly now: () => Date,
  ) {}

  async send(message: CodeMessage): Promise<void> {
    this.outbox.unshift({ ...message, sentAt: this.now() });
    this.outbox.length = Math.min(this.outbox.length, OUTBOX_LIMIT);
    // In the message text, not a `code` field: the logger redacts fields named `code`.
    this.logger.info({ channel: message.channel, to: message.to, purpose: message.purpose }, `one-time code ${message.code} for ${message.to}`);
  }
}

/** Sends each channel through its own adapter; a channel with none is refused with a 503. */
export function routeByChannel(adapters: Partial<Record<CodeChannel, CodeTransport>>): CodeTransport {
  const channels = new Set((Object.keys(adapters) as CodeChannel[]).filter((channel) => adapters[channel]?.channels.has(channel)));
  return {
    channels,
    async send(message) {
      const adapter = adapters[message.channel];
      if (!adapter || !channels.has(message.channel)) throw deliveryUnavailable(message.channel);
      await adapter.send(message);
    },
  };
}

export function deliveryUnavailable(channel: CodeChannel): AuthError {
  const what = channel === 'sms' ? 'Text messages' : 'E-mail';
  return new AuthError(503, 'delivery_unavailable', `${what} cannot be sent at the moment. Use an authenticator app instead.`);
}

export function codeMessage(channel: CodeChannel, to: string, purpose: CodePurpose, code: string, ttlMinutes: number): CodeMessage {
  const what = purpose === 'registration' ? 'verification' : 'sign-in';
  return {
    channel,
    to,
    purpose,
    code,
    subject: `Your Tiyende ${what} code`,
    text: `Your Tiyende ${what} code is ${code}. It expires in ${ttlMinutes} minutes. Never share it with anyone, even Tiyende staff.`,
  };
}
