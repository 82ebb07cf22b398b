import { DEMO_CODE_PERIOD_MS, demoCode } from '../demo/totp.js';

/**
 * The demo authenticator codes for the simulator's sign-ins. The server accepts each code once
 * per account, so a run started within 30 s of the last one finds its accounts' current code
 * spent. Each refusal counts against the machine's address (30 in 15 minutes lock it out), so
 * after the first refusal every sign-in waits for the next period's code instead of trying more
 * spent ones: a quick restart costs a few refusals and up to 30 s, never a lock-out.
 */
export class DemoCodes {
  private notBefore = 0;

  /** @param now the clock the server checks codes against (the system clock, or a test's fake one) */
  constructor(
    private readonly now: () => Date,
    private readonly onWait: (seconds: number) => void = () => undefined,
  ) {}

  /** The code to try now, after waiting out a period known to be spent. */
  async next(): Promise<string> {
    const now = this.now().getTime();
    const wait = this.notBefore - now;
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    // Reckoned from the gate rather than read again: a test's fake clock does not move while we wait.
    return demoCode(new Date(Math.max(now, this.notBefore)));
  }

  /** A code was refused as already used: later sign-ins wait for the period after it. */
  refused(): void {
    const now = this.now().getTime();
    const nextPeriod = (Math.floor(now / DEMO_CODE_PERIOD_MS) + 1) * DEMO_CODE_PERIOD_MS;
    if (nextPeriod > this.notBefore) {
      this.notBefore = nextPeriod;
      this.onWait(Math.ceil((nextPeriod - now) / 1000));
    }
  }
}
