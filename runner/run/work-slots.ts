/**
 * The work slots of a gate run: at most `size` (`--jobs`) units of work at once, whichever phase they belong to. A
 * unit is a query sent and judged, a release-cost vector built and judged, or the first provider start, so phases
 * that run alongside each other (run-gate.ts) share the run's `--jobs` instead of each taking all of it. Slots are
 * handed out in the order they were asked for, so no phase waits behind another for long.
 */
export class WorkSlots {
  private free: number;
  private readonly waiting: (() => void)[] = [];

  /** `size` slots (at least one). */
  constructor(size: number) {
    this.free = Math.max(1, size);
  }

  /** Waits for a slot; the function returned gives it back (a second call does nothing). */
  async acquire(): Promise<() => void> {
    if (this.free > 0) this.free -= 1;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    let held = true;
    return () => {
      if (!held) return;
      held = false;
      // The slot passes straight to the longest waiter, so a later asker cannot overtake it.
      const next = this.waiting.shift();
      if (next === undefined) this.free += 1;
      else next();
    };
  }

  /** Runs `work` in a slot, given back however `work` ends. */
  async run<T>(work: () => Promise<T>): Promise<T> {
    const release = await this.acquire();
    try {
      return await work();
    } finally {
      release();
    }
  }
}
