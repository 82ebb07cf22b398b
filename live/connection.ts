import type { Logger } from 'pino';
import WebSocket, { type RawData } from 'ws';
import type { UserType } from '../accounts/index.js';
import {
  closeCodes,
  inboundMessageSchemas,
  isInboundType,
  type ErrorMessage,
  type InboundMessage,
  type LiveErrorCode,
  type ReplyMessage,
} from '../contract/live.js';
import { Outbox, type OutboxEvents, type OutboxLimits } from './outbox.js';
import { TokenBucket, type InboundRate } from './rateLimit.js';

/** Who is on the line: taken from the session when the socket opened, never from a message. */
export interface LiveUser {
  id: string;
  userType: UserType;
  /** Every role the account holds (a rider who also drives hears ride offers too). */
  roles: readonly UserType[];
}

/** What a connection asks of its hub. */
export interface ConnectionHost {
  /** Joins the socket (and the ride, when named); false when the user may not follow that ride. */
  join(connection: LiveConnection, rideId: string | null): Promise<boolean>;
  left(connection: LiveConnection): void;
  readonly outboxEvents: OutboxEvents;
}

export interface ConnectionLimits {
  maxInboundBytes: number;
  inboundRate: InboundRate;
  outbox: OutboxLimits;
}

/** Refused messages in a row (over the rate) before the socket is closed: a client that will not slow down. */
const MAX_THROTTLED_IN_A_ROW = 50;

/**
 * One client's socket: reads and checks what it sends, answers joins and pings, and writes what
 * the hub routes to it through a bounded outbox. Nothing a client sends can crash it: every
 * message is size-checked, parsed and validated, and a bad one gets an error reply.
 */
export class LiveConnection {
  joined = false;
  /** The ride this socket follows (the tracking screen's), once a join named it. */
  rideId: string | null = null;
  private alive = true;
  private throttledInARow = 0;
  private handling: Promise<void> = Promise.resolve();
  private readonly outbox: Outbox;
  private readonly bucket: TokenBucket;

  constructor(
    private readonly socket: WebSocket,
    readonly user: LiveUser,
    private readonly host: ConnectionHost,
    private readonly limits: ConnectionLimits,
    private readonly stillSignedIn: () => Promise<boolean>,
    private readonly logger: Logger | undefined,
  ) {
    this.bucket = new TokenBucket(limits.inboundRate);
    this.outbox = new Outbox(
      {
        get bufferedAmount() {
          return socket.bufferedAmount;
        },
        send: (data, done) => socket.send(data, done),
        close: (code, reason) => socket.close(code, reason),
      },
      limits.outbox,
      host.outboxEvents,
    );
    socket.on('message', (data, isBinary) => this.receive(data, isBinary));
    socket.on('pong', () => {
      this.alive = true;
    });
    socket.once('close', () => {
      this.outbox.stop();
      host.left(this);
    });
  }

  get isOpen(): boolean {
    return this.socket.readyState === WebSocket.OPEN;
  }

  /** A serialized message the hub routed here. */
  send(data: string): void {
    if (this.isOpen) this.outbox.push(data);
  }

  close(code: number, reason: string): void {
    this.outbox.stop();
    if (this.socket.readyState === WebSocket.OPEN || this.socket.readyState === WebSocket.CONNECTING) this.socket.close(code, reason);
  }

  /**
   * The heartbeat: a socket that did not answer the last ping is dead (a phone that lost its
   * network without closing) and is dropped; a live one is pinged again, and its session checked,
   * so signing out (or being deactivated) ends the live feed too.
   */
  async beat(): Promise<'alive' | 'dead' | 'signed_out'> {
    if (!this.alive) {
      this.outbox.stop();
      this.socket.terminate();
      return 'dead';
    }
    this.alive = false;
    this.socket.ping();
    const signedIn = await this.stillSignedIn().catch((error: unknown) => {
      // A database blip must not sign everyone out: keep the socket, check again next beat.
      this.logger?.warn({ err: error }, 'live: could not check a session');
      return true;
    });
    if (signedIn) return 'alive';
    this.close(closeCodes.unauthenticated, 'session ended: sign in again');
    return 'signed_out';
  }

  private reply(message: ReplyMessage): void {
    this.send(JSON.stringify(message));
  }

  private refuse(code: LiveErrorCode, message: string, field?: string): void {
    const error: ErrorMessage = { type: 'error', code, message, ...(field === undefined ? {} : { field }) };
    this.reply(error);
  }

  private receive(data: RawData, isBinary: boolean): void {
    if (!this.bucket.take()) {
      this.throttledInARow += 1;
      if (this.throttledInARow >= MAX_THROTTLED_IN_A_ROW) this.close(closeCodes.policyViolation, 'too many messages');
      // One error per burst is enough; answering each would let the client make us send.
      else if (this.throttledInARow === 1) this.refuse('rate_limited', 'Too many messages: slow down');
      return;
    }
    this.throttledInARow = 0;
    const bytes = byteLengthOf(data);
    if (bytes > this.limits.maxInboundBytes) {
      this.refuse('too_large', `A message may be at most ${this.limits.maxInboundBytes} bytes; this one was ${bytes}`);
      return;
    }
    if (isBinary) {
      this.refuse('invalid_message', 'Send JSON text, not binary frames');
      return;
    }
    const message = this.parse(textOf(data));
    if (message) this.handling = this.handling.then(() => this.handle(message)).catch((error: unknown) => this.failed(error));
  }

  private parse(text: string): InboundMessage | null {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      this.refuse('invalid_message', 'Not valid JSON');
      return null;
    }
    if (typeof json !== 'object' || json === null || Array.isArray(json)) {
      this.refuse('invalid_message', 'Expected a JSON object with a "type"', 'type');
      return null;
    }
    const type = (json as { type?: unknown }).type;
    if (!isInboundType(type)) {
      this.refuse('unknown_type', `type: expected one of ${Object.keys(inboundMessageSchemas).join(', ')}`, 'type');
      return null;
    }
    const parsed = inboundMessageSchemas[type].safeParse(json);
    if (parsed.success) return parsed.data;
    const issue = parsed.error.issues[0]!;
    const field = issue.path.join('.');
    this.refuse('invalid_message', `${field}: ${issue.message}`, field);
    return null;
  }

  private async handle(message: InboundMessage): Promise<void> {
    if (!this.isOpen) return;
    if (message.type === 'ping') {
      this.reply({ type: 'pong' });
      return;
    }
    if (message.userId !== this.user.id) {
      this.refuse('wrong_user', 'userId: you may join only as the signed-in user', 'userId');
      this.close(closeCodes.forbidden, 'join names another user');
      return;
    }
    const rideId = message.rideId ?? null;
    if (!(await this.host.join(this, rideId))) {
      this.refuse('forbidden', 'rideId: you may follow only a ride you ride in or drive', 'rideId');
      return;
    }
    this.reply({ type: 'joined', userId: this.user.id, rideId });
  }

  private failed(error: unknown): void {
    this.logger?.error({ err: error, userId: this.user.id }, 'live: a client message could not be handled');
    this.refuse('internal', 'Something went wrong on our side; try again');
  }
}

function byteLengthOf(data: RawData): number {
  if (Array.isArray(data)) return data.reduce((total, chunk) => total + chunk.length, 0);
  return data instanceof ArrayBuffer ? data.byteLength : data.length;
}

function textOf(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return (data instanceof ArrayBuffer ? Buffer.from(data) : data).toString('utf8');
}
