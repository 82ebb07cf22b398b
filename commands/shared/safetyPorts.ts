import { randomBytes } from 'node:crypto';
import { createShareTokens, type ShareTokens } from '../tripShare/shareTokens.js';

/** One text message to a phone (E.164), as the SMS gateway takes it. */
export interface TextMessage {
  to: string;
  text: string;
}

/**
 * The port safety notices leave through (trusted contacts' SMS). The composition root gives the
 * accounts module's SMS gateway transport when SMS_GATEWAY_URL is set, else the log and the
 * development outbox, like one-time codes.
 */
export interface TextMessages {
  send(message: TextMessage): Promise<void>;
}

/** Where ride recordings live (platform/documents, encrypted): the retention timer deletes through it. */
export interface RecordingStore {
  deleteRecording(documentId: string): Promise<void>;
}

/** What the safety net's reactors and timers need beyond the event store and the clock. */
export interface SafetyPorts {
  /** Rebuilds share links' tokens (HMAC of the share id with TRIP_SHARE_SECRET). */
  shareTokens: ShareTokens;
  /** The site's address: a share link is `${publicUrl}/share/${token}`. */
  publicUrl: string;
  textMessages: TextMessages;
  /** Null when the app runs without storage (tests of the write side alone): only the event is written. */
  recordings: RecordingStore | null;
  /** The language a user chose (accounts), so a rider's contacts are texted in it; English without it. */
  languageOf?: (userId: string) => Promise<string | null>;
}

/** Keeps what was "sent" in memory, newest first: tests, and the development outbox. */
export class MemoryTextMessages implements TextMessages {
  readonly sent: Array<TextMessage & { sentAt: Date }> = [];
  constructor(private readonly limit = 200) {}
  async send(message: TextMessage): Promise<void> {
    this.sent.unshift({ ...message, sentAt: new Date() });
    this.sent.length = Math.min(this.sent.length, this.limit);
  }
}

/** A share link's address. */
export const shareUrlOf = (ports: Pick<SafetyPorts, 'publicUrl' | 'shareTokens'>, shareId: string): string =>
  `${ports.publicUrl.replace(/\/$/, '')}/share/${ports.shareTokens.tokenFor(shareId)}`;

/** Outside the composition root (tests, tools): a random secret, messages kept in memory, no storage. */
export function defaultSafetyPorts(): SafetyPorts {
  return {
    shareTokens: createShareTokens(randomBytes(32).toString('base64url')),
    publicUrl: 'http://localhost:3000',
    textMessages: new MemoryTextMessages(),
    recordings: null,
  };
}
