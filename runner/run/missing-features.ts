/**
 * The features of a gate run the provider declares it does not implement (PROTOCOL.md, "Features"): its
 * configuration's `missing_features`, known before anything starts, and its hello's, known once the first instance
 * has answered the handshake. The base phase settles them as soon as the first instance started (or could not); the
 * release-cost phase, which runs alongside it, waits for that before it builds anything, and the later phases read
 * them. A vector or fresh case that needs one of them is NOT-APPLICABLE and never sent.
 */
import type { Feature } from '../../oracle/index.js';
import { sortedFeatures } from '../../oracle/internal.js';
import { declaredFeatures, missingFeaturesOf } from '../vectors/declared-features.js';

/** What a run is told of missing features before it starts. */
export interface FeaturesPlan {
  /** The configuration's `missing_features` (checked when it was read). */
  configured: readonly Feature[];
  /** `--allow-missing-features`. */
  allow: boolean;
}

/** The missing features of one run, settled once. */
export class RunFeatures {
  readonly allow: boolean;
  /** Settled with every missing feature once the first instance started or failed to. */
  readonly settled: Promise<ReadonlySet<Feature>>;
  private readonly configured: readonly Feature[];
  private value: ReadonlySet<Feature> | undefined;
  private resolve!: (missing: ReadonlySet<Feature>) => void;

  constructor(plan: FeaturesPlan) {
    this.allow = plan.allow;
    this.configured = [...plan.configured];
    this.settled = new Promise((r) => (this.resolve = r));
  }

  /**
   * Settles the features with what the first instance's hello declared (its names checked when it started; none when
   * it could not start). Only the first call counts: every later instance is judged against the same set.
   */
  settle(hello: readonly string[] | undefined): ReadonlySet<Feature> {
    if (this.value !== undefined) return this.value;
    this.value = new Set([...this.configured, ...declaredFeatures(hello ?? [])]);
    this.resolve(this.value);
    return this.value;
  }

  /** The missing features: every one once settled, the configuration's before. */
  current(): ReadonlySet<Feature> {
    return this.value ?? new Set(this.configured);
  }

  /** The missing features as a sorted list (the gate's `missing_features`). */
  list(): Feature[] {
    return sortedFeatures(this.current());
  }

  /** The missing features a vector needs, in FEATURES order: empty when it is to be judged. */
  of(needs: readonly string[]): Feature[] {
    return missingFeaturesOf(needs, this.current());
  }
}
