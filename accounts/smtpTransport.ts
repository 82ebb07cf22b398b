import nodemailer from 'nodemailer';
import type { CodeChannel } from './accounts.table.js';
import type { CodeMessage, CodeTransport } from './transport.js';

export interface SmtpOptions {
  /** `smtp://user:pass@host:587` or `smtps://…:465` (nodemailer's connection URL). */
  url: string;
  from: string;
}

/** One-time codes by e-mail through any SMTP server. */
export function createSmtpTransport(options: SmtpOptions): CodeTransport & { close(): void } {
  const mailer = nodemailer.createTransport(options.url);
  return {
    channels: new Set<CodeChannel>(['email']),
    async send(message: CodeMessage) {
      await mailer.sendMail({ from: options.from, to: message.to, subject: message.subject, text: message.text });
    },
    close: () => mailer.close(),
  };
}
