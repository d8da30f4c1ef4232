/**
 * The documented step model for the 1,000,000 candidate/filter steps of one query
 * (KD-LIMIT-07, OQ-07 A, KIT-10).
 *
 * One step is one candidate entering one filter stage of the lookup (contract steps
 * 3 to 8). Candidates are visited in canonical order, so the point of exhaustion is a
 * function of the fixture alone (KD-ORDER-12). A step is taken only when the running
 * total stays within the limit: the budget is exhausted when the next step would exceed
 * it, never by a step already counted.
 */
import { LIMITS } from '../limits.js';

/** A counter of candidate/filter steps with a hard limit. */
export class StepBudget {
  private taken = 0;
  private stopped = false;

  constructor(private readonly limit: number = LIMITS.steps) {}

  /**
   * Takes one step. Returns false, and marks the budget exhausted, when the step would
   * exceed the limit; the step is then not counted and the caller must stop the visit.
   */
  take(): boolean {
    if (this.stopped) return false;
    if (this.taken + 1 > this.limit) {
      this.stopped = true;
      return false;
    }
    this.taken += 1;
    return true;
  }

  /**
   * Takes `n` steps at once, as `n` calls of {@link take} would: false, with the steps that fit taken and the budget
   * exhausted, when they would exceed the limit. The visit takes a series member's steps this way (KIT-10).
   */
  takeSteps(n: number): boolean {
    if (this.stopped) return n <= 0;
    if (this.taken + n > this.limit) {
      this.taken = this.limit;
      this.stopped = true;
      return false;
    }
    this.taken += n;
    return true;
  }

  /** Steps taken so far; never above the limit. */
  get steps(): number {
    return this.taken;
  }

  /** Whether a step was refused (KD-LIMIT-10, KD-LIMIT-11). */
  get exhausted(): boolean {
    return this.stopped;
  }
}
