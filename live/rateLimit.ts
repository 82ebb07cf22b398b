export interface InboundRate {
  /** Messages a client may send at once. */
  burst: number;
  /** Messages a client may send per second, sustained. */
  perSecond: number;
}

export const defaultInboundRate: InboundRate = { burst: 20, perSecond: 2 };

/**
 * A token bucket per socket: a page sends a join and now and then a ping, so anything faster is
 * a broken or hostile client, and each of its messages costs the server a parse (and a join a
 * database read).
 */
export class TokenBucket {
  private tokens: number;
  private refilledAt: number;

  constructor(
    private readonly rate: InboundRate,
    private readonly now: () => number = () => performance.now(),
  ) {
    if (!(rate.burst >= 1) || !(rate.perSecond > 0)) throw new RangeError('inboundRate: burst must be at least 1 and perSecond above 0');
    this.tokens = rate.burst;
    this.refilledAt = this.now();
  }

  /** Takes one token; false when the bucket is empty. */
  take(): boolean {
    const now = this.now();
    this.tokens = Math.min(this.rate.burst, this.tokens + ((now - this.refilledAt) / 1000) * this.rate.perSecond);
    this.refilledAt = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}
