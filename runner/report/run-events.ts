/**
 * The one JSON event stream a run produces (`--events FILE` writes it as JSON lines).
 * Every report (console, JSON, JUnit, Markdown) is computed from these events, so a
 * report can be rebuilt from a recorded stream. Keys are snake_case throughout; the shape
 * of one line is oracle/schemas/kofun.ctk.events.v1.schema.json.
 */
import type { ProviderIdentity } from '../adapters/provider-connection.js';
import type { Expectation } from '../judge/expectations.js';
import type { Verdict, VectorJudgement } from '../judge/verdict.js';
import type { HermeticReport } from '../hermetic/hermetic-observation.js';
import type { SandboxReport } from '../sandbox/sandbox.js';
import type { FreshPhaseReport, FreshSettings } from './fresh-phase-report.js';

/** What stopped a run early: a signal, or `--global-timeout`. */
export type InterruptReason = 'SIGINT' | 'SIGTERM' | 'global-timeout';

/** What was selected to run. */
export interface RunSelection {
  categories: string[];
  ids: string[];
  clauses: string[];
  /** `k/n`, or null for the whole selection. */
  shard: string | null;
  /** How many vectors the filters selected before sharding. */
  filtered: number;
  /** How many vectors this run sends. */
  total: number;
  /** Categories left out with `--exclude-category` (absent in reports of earlier kits). */
  exclude_categories?: string[];
  /** True when `--last-failed` limited the run to an earlier report's failures. */
  last_failed?: boolean;
  /**
   * With `--last-failed`: the ids the earlier report's failures named (sorted by UTF-8 bytes), which the other
   * filters then narrowed, so a merge can select again exactly what the run chose. Absent without `--last-failed`.
   */
  last_failed_ids?: string[];
}

/** The metamorphic canonical-order settings (printed so a run can be replayed). */
export interface MetamorphicSettings {
  /** `all`, or how many vectors are sampled; 0 turns the check off. */
  sample: number | 'all';
  seed: number;
}

export type RunEvent =
  | {
      event: 'run-start';
      kit_version: string;
      /** ISO 8601, UTC, milliseconds. */
      started_at: string;
      hostname: string;
      vector_set_sha256: string;
      selection: RunSelection;
      adapter: string;
      jobs: number;
      timeout_ms: number;
      metamorphic: MetamorphicSettings;
      /** What isolated the provider (the report's `sandbox` section); absent in streams of earlier kits. */
      sandbox?: SandboxReport;
      /** The fresh phase's settings (the run seed), when the run has the phase. */
      fresh?: FreshSettings;
      /**
       * Each selected vector's own digest (request, fixture, expected and acceptable bytes), by id: what a later run
       * of another vector set compares (`--last-failed`, `report diff`). Absent in streams of earlier kits.
       */
      vector_digests?: { id: string; sha256: string }[];
    }
  | { event: 'provider'; identity: ProviderIdentity }
  | { event: 'provider-restart'; lane: number; reason: string }
  | {
      /**
       * A vector went out: its query sent to an instance, or its release builds started. Its `progress` event says
       * when it was judged; meanwhile the progress and line reporters name it, so a long wait names what it waits on.
       */
      event: 'vector-start';
      phase: 'base' | 'state' | 'metamorphic';
      id: string;
      work: 'query' | 'build';
    }
  | {
      event: 'progress';
      phase: 'base' | 'state' | 'metamorphic' | 'fresh';
      id: string;
      outcome: ProgressOutcome;
      done: number;
      total: number;
    }
  | { event: 'vector'; judgement: VectorJudgement }
  | {
      event: 'run-end';
      gate: GateOutcome;
      unknown_expectations: Expectation[];
      duration_ms: number;
      /** What stopped the run early, or null when it ran to its end. */
      interrupted_by: InterruptReason | null;
      /** `run --hermetic`: what the trace observed (the report's `hermetic` section). */
      hermetic?: HermeticReport;
      /** The fresh phase's cases (the report's `fresh` section), when it ran. */
      fresh?: FreshPhaseReport;
    };

/**
 * What one vector's progress says: its verdict before the expectations apply (base and fresh phases), or whether
 * the metamorphic variant answered the same bytes (`not-run` when a file of the set changed under it).
 */
export type ProgressOutcome = Verdict | 'same' | 'differs' | 'not-run';

/** The gate: passed or not, the exit status, every reason it failed, and whether the run was incomplete. */
export interface GateOutcome {
  passed: boolean;
  /** 0 passed; 1 something failed (also when the run is incomplete); 3 nothing failed but something did not run. */
  exit_code: number;
  reasons: string[];
  /** Something selected was not judged (NOT-RUN, the provider could not start, a shard missing, an interruption). */
  incomplete: boolean;
  /**
   * The features the provider declares it does not implement (PROTOCOL.md, "Features"), in FEATURES order: the gate
   * is then at best "conformant except features" these. Absent when it declares none.
   */
  missing_features?: string[];
  /** `run --allow-missing-features`: whether the gate may pass with features missing; present with them. */
  allow_missing_features?: boolean;
}

/** Receives events as they happen. */
export type EventSink = (event: RunEvent) => void;
