/**
 * Pages read once and taken by several lanes, each lane in the pages' order and at its own pace: a
 * lane that waits on the database does not hold the others at the end of every page. The reader is
 * held back (`put` waits) while it is `ahead` pages past the slowest lane, so memory stays bounded;
 * a page is let go once every lane has taken it. A lane that fails drops out and the others go on.
 */
export class PageWindow<Page> {
  private readonly pages: Page[] = [];
  /** Index of `pages[0]` among all the pages put so far. */
  private first = 0;
  private count = 0;
  /** Pages each lane has taken; Infinity once it dropped out. */
  private readonly taken: number[];
  private closed = false;
  private stopped = false;
  private wake: (() => void) | undefined;
  private changed: Promise<void> | undefined;

  constructor(
    lanes: number,
    private readonly ahead: number,
    /** Called with each page, in order, once every lane still running has taken it. */
    private readonly onDone?: (page: Page) => void,
  ) {
    if (lanes < 1 || ahead < 1) throw new Error('PageWindow: at least one lane and one page ahead');
    this.taken = Array.from({ length: lanes }, () => 0);
  }

  /** Waits for room, then adds a page; false once the window is stopped (the page is dropped). */
  async put(page: Page): Promise<boolean> {
    while (!this.stopped && this.count - this.slowest() >= this.ahead) await this.change();
    if (this.stopped) return false;
    this.pages.push(page);
    this.count += 1;
    this.notify();
    return true;
  }

  /** No more pages will come: lanes finish what is in the window. */
  close(): void {
    this.closed = true;
    this.notify();
  }

  /** Stops the reader and every lane after the page each is on (the reader failed). */
  stop(): void {
    this.stopped = true;
    this.notify();
  }

  /**
   * Runs one lane over the pages in order until the window is closed and drained (or stopped).
   * `apply` failing takes this lane out and is thrown; the others go on (all of them out: stop).
   */
  async runLane(lane: number, apply: (page: Page) => Promise<void>): Promise<void> {
    for (;;) {
      while (!this.stopped && !this.closed && this.taken[lane]! >= this.count) await this.change();
      if (this.stopped || this.taken[lane]! >= this.count) return;
      try {
        await apply(this.pages[this.taken[lane]! - this.first]!);
        this.taken[lane] = this.taken[lane]! + 1;
      } catch (error) {
        this.taken[lane] = Infinity;
        if (this.taken.every((taken) => taken === Infinity)) this.stop();
        throw error;
      } finally {
        this.release();
      }
    }
  }

  private slowest(): number {
    return Math.min(this.count, ...this.taken);
  }

  /** Lets go of the pages every lane has taken (each told to `onDone`), and wakes whoever waits. */
  private release(): void {
    const done = this.slowest();
    if (done > this.first) {
      for (const page of this.pages.splice(0, done - this.first)) this.onDone?.(page);
      this.first = done;
    }
    this.notify();
  }

  private change(): Promise<void> {
    this.changed ??= new Promise((resolve) => (this.wake = resolve));
    return this.changed;
  }

  private notify(): void {
    const wake = this.wake;
    this.changed = undefined;
    this.wake = undefined;
    wake?.();
  }
}
