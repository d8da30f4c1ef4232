/**
 * What every adapter (persistent process, one-shot process, module worker) offers the
 * runner: load a fixture once, answer queries against it, close. Faults are data: a
 * provider that errs, crashes, hangs, floods or breaks the protocol yields a
 * `ProviderFault`, never an exception.
 */
import type { QueryWindow } from '../hermetic/attribute-events.js';

/** Who the provider says it is (from the handshake, or the configuration when there is none). */
export interface ProviderIdentity {
  name: string;
  version: string;
  interpretations: string[];
  /**
   * The features the provider declares it does not implement (PROTOCOL.md, "Features"): its hello's
   * `missing_features` and its configuration's, sorted; absent when it declares none.
   */
  missing_features?: string[];
  /** The adapter used: `process-persistent`, `process-one-shot` or `module`. */
  adapter: AdapterKind;
}

export type AdapterKind = 'process-persistent' | 'process-one-shot' | 'module';

/**
 * Why a call did not produce an answer. `provider-error` leaves the provider usable;
 * every other kind means the provider instance is gone and must be restarted.
 */
export type ProviderFault =
  | { kind: 'provider-error'; code: string; message: string; body?: Uint8Array }
  | ({ kind: 'crash'; message: string } & FaultEvidence)
  | ({ kind: 'timeout'; message: string } & FaultEvidence)
  | ({ kind: 'protocol'; message: string } & FaultEvidence)
  | ({ kind: 'oversize'; message: string } & FaultEvidence)
  /** A cap of runner/limits/ reached: the message names the cap, the limit and what was measured. */
  | ({ kind: 'resource'; message: string } & FaultEvidence)
  /** Under `run --hermetic`, the kernel ended the provider at a call the sandbox's seccomp program forbids. */
  | ({ kind: 'hermetic'; message: string } & FaultEvidence)
  | ({ kind: 'start'; message: string } & FaultEvidence);

/**
 * What the provider wrote around a fault, kept as bytes until a sink escapes them, so an undecodable byte is shown
 * as `\xNN` rather than lost to U+FFFD (a provider error's `body` likewise).
 */
export interface FaultEvidence {
  /** The last bytes of its stderr. */
  stderrTail: Uint8Array;
  /** The first bytes of stdout that are not a frame, when those broke the framing. */
  strayStdout?: Uint8Array;
}

/** No bytes: the evidence of a fault the kit caused (closing, a process that never started). */
export const NO_BYTES: Uint8Array = new Uint8Array(0);

export type CallOutcome<T> = { ok: true; value: T } | { ok: false; fault: ProviderFault };

/** One running provider instance. */
export interface ProviderConnection {
  readonly identity: ProviderIdentity;
  /** False once the instance died or was closed. */
  readonly alive: boolean;
  /** Why the instance died, where the adapter knows (a restart reason names it). */
  readonly deathFault?: ProviderFault | undefined;
  /**
   * The fault that ended the instance while no call was in flight (an unsolicited frame, an exit or a closed stdout
   * after its last answer), which no vector has been charged with yet: the runner charges it to the next vector
   * the instance would have answered (PROTOCOL.md, "Limits and faults").
   */
  readonly idleFault?: ProviderFault | undefined;
  /** Under `run --hermetic`: the wall-clock window of the last query, which the runner labels with its vector. */
  readonly lastQueryWindow?: QueryWindow | undefined;
  /** Loads fixture bytes whose SHA-256 (lowercase hex of exactly these bytes) is `sha256`. */
  loadFixture(sha256: string, bytes: Uint8Array, timeoutMs: number): Promise<CallOutcome<void>>;
  /** Sends request bytes exactly; returns the result bytes exactly. */
  query(sha256: string, request: Uint8Array, timeoutMs: number): Promise<CallOutcome<Uint8Array>>;
  /** Asks the provider to stop, then ends it and everything it started. Never throws. */
  close(): Promise<void>;
}

/** Starts a provider instance in a working directory; `start` faults when it cannot. */
export type ProviderLauncher = (options: {
  cwd?: string;
  timeoutMs: number;
}) => Promise<CallOutcome<ProviderConnection>>;

/** True when a fault leaves the instance dead. */
export function isFatal(fault: ProviderFault): boolean {
  return fault.kind !== 'provider-error';
}
