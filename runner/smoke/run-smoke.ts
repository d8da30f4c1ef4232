/**
 * The connection check of `kofun-ctk smoke`: start the provider (the handshake), load one fixture, send one query,
 * and close, watching the wire. What it learns is data: each step's outcome, the provider's stderr, the stdout bytes
 * that are not part of a complete frame, and (for the trace) every frame header. The verdict of the one answer is
 * told for information only: smoke asks whether the provider speaks the protocol (PROTOCOL.md), not whether it
 * answers correctly, which is the gate's business.
 */
import {
  NO_BYTES,
  type ProviderConnection,
  type ProviderFault,
  type ProviderIdentity,
  type ProviderLauncher,
} from '../adapters/provider-connection.js';
import { undeclarableFeatures } from '../vectors/declared-features.js';
import type { WireObserver } from '../adapters/persistent-process.js';
import type { Verdict } from '../judge/verdict.js';
import { judgeFromSet } from '../judge/judge-from-set.js';
import type { QueryVector, QueryVectorEntry, VectorSet } from '../vectors/vector-source.js';

/** The most stderr bytes and stray stdout bytes kept. */
export const SMOKE_CAPTURE_BYTES = 64 * 1024;

/** How one step went: answered, answered with the provider's `error` frame, or not answered in the protocol. */
export type StepOutcome =
  | { step: SmokeStep; ok: true }
  | {
      step: SmokeStep;
      ok: true;
      providerError: { code: string; message: string };
    }
  | { step: SmokeStep; ok: false; fault: ProviderFault };

export type SmokeStep = 'handshake' | 'load-fixture' | 'query';

export interface SmokeOutcome {
  vector: { id: string; fixtureSha256: string };
  identity: ProviderIdentity | null;
  steps: StepOutcome[];
  /** The answer to the query: its size and verdict (information only). */
  answer?: { bytes: number; verdict: Verdict };
  /** Everything the provider wrote to stderr (at most SMOKE_CAPTURE_BYTES). */
  stderr: Uint8Array;
  stderrBytes: number;
  /** The stdout bytes after the last complete frame (at most SMOKE_CAPTURE_BYTES), and how many there were. */
  stray: Uint8Array;
  strayBytes: number;
  /** True when the wire was observed (a persistent process); one-shot processes and modules have no frames. */
  wireObserved: boolean;
  /** The provider spoke the protocol: every step answered, and no byte on stdout outside a frame. */
  speaksProtocol: boolean;
}

/** The vector smoke sends: `id` when given, else the first query vector of the `complete` category, else the first. */
export function smokeVector(set: VectorSet, id: string | undefined): QueryVectorEntry | undefined {
  if (id !== undefined) return set.queryVectors.find((v) => v.id === id);
  return set.queryVectors.find((v) => v.category === 'complete') ?? set.queryVectors[0];
}

/** A wire observer collecting what smoke reports; `trace` receives each frame header as it passes. */
export function smokeObserver(trace: ((direction: 'sent' | 'received', header: string) => void) | undefined): {
  observer: WireObserver;
  stderr: () => { bytes: Uint8Array; total: number };
  stray: () => { bytes: Uint8Array; total: number };
} {
  const stderr: Buffer[] = [];
  let stderrTotal = 0;
  // Stdout is kept from the end of the last complete frame on, so what is left is what no frame accounted for.
  let pending: Buffer = Buffer.alloc(0);
  let pendingTotal = 0;
  const observer: WireObserver = {
    frame: (direction, header) => {
      trace?.(direction, header);
      if (direction !== 'received') return;
      const length = Number(header.slice(header.lastIndexOf(' ') + 1));
      const consumed = Buffer.byteLength(header) + 1 + length;
      pending = pending.subarray(Math.min(consumed, pending.length));
      pendingTotal = Math.max(0, pendingTotal - consumed);
    },
    stdout: (chunk) => {
      pendingTotal += chunk.length;
      // Frames are consumed after their chunk arrives, so a frame may be up to a whole result long here.
      if (pending.length < SMOKE_CAPTURE_BYTES + 4 * 1024 * 1024 + 256) pending = Buffer.concat([pending, chunk]);
    },
    stderr: (chunk) => {
      stderrTotal += chunk.length;
      if (Buffer.concat(stderr).length < SMOKE_CAPTURE_BYTES) stderr.push(Buffer.from(chunk));
    },
  };
  return {
    observer,
    stderr: () => ({
      bytes: new Uint8Array(Buffer.concat(stderr).subarray(0, SMOKE_CAPTURE_BYTES)),
      total: stderrTotal,
    }),
    stray: () => ({
      bytes: new Uint8Array(pending.subarray(0, SMOKE_CAPTURE_BYTES)),
      total: pendingTotal,
    }),
  };
}

/** Runs the check with a launcher built around `watch.observer`. */
export async function runSmoke(options: {
  launcher: ProviderLauncher;
  watch: ReturnType<typeof smokeObserver>;
  wireObserved: boolean;
  set: VectorSet;
  /** The vector, read from `set`. */
  vector: QueryVector;
  /** Its fixture's bytes, read from `set`. */
  fixtureBytes: Uint8Array;
  startTimeoutMs: number;
  timeoutMs: number;
}): Promise<SmokeOutcome> {
  const { vector, set } = options;
  const steps: StepOutcome[] = [];
  let identity: ProviderIdentity | null = null;
  let answer: SmokeOutcome['answer'];
  let connection: ProviderConnection | undefined;
  const started = await options.launcher({ timeoutMs: options.startTimeoutMs });
  // A hello that declares a feature the kit does not know is refused as the gate refuses it (PROTOCOL.md, "Features").
  const refused = started.ok
    ? undeclarableFeatures(started.value.identity.missing_features ?? [], "the provider's hello")
    : undefined;
  if (!started.ok) steps.push({ step: 'handshake', ok: false, fault: started.fault });
  else if (refused !== undefined) {
    identity = started.value.identity;
    steps.push({ step: 'handshake', ok: false, fault: { kind: 'start', message: refused, stderrTail: NO_BYTES } });
    await started.value.close();
  } else {
    connection = started.value;
    identity = connection.identity;
    steps.push({ step: 'handshake', ok: true });
    const loaded = await connection.loadFixture(vector.fixtureSha256, options.fixtureBytes, options.timeoutMs);
    steps.push(stepOf('load-fixture', loaded));
    if (connection.alive) {
      const outcome = await connection.query(vector.fixtureSha256, vector.request, options.timeoutMs);
      steps.push(stepOf('query', outcome));
      if (outcome.ok) {
        const { judgement } = judgeFromSet(set, vector, outcome, identity.interpretations);
        answer = { bytes: outcome.value.length, verdict: judgement.verdict };
      }
    }
    await connection.close();
  }
  const stderr = options.watch.stderr();
  const stray = options.watch.stray();
  return {
    vector: { id: vector.id, fixtureSha256: vector.fixtureSha256 },
    identity,
    steps,
    ...(answer === undefined ? {} : { answer }),
    stderr: stderr.bytes,
    stderrBytes: stderr.total,
    stray: stray.bytes,
    strayBytes: stray.total,
    wireObserved: options.wireObserved,
    speaksProtocol: steps.length === 3 && steps.every((s) => s.ok) && stray.total === 0,
  };
}

function stepOf(step: SmokeStep, outcome: { ok: true } | { ok: false; fault: ProviderFault }): StepOutcome {
  if (outcome.ok) return { step, ok: true };
  if (outcome.fault.kind === 'provider-error')
    return {
      step,
      ok: true,
      providerError: {
        code: outcome.fault.code,
        message: outcome.fault.message,
      },
    };
  return { step, ok: false, fault: outcome.fault };
}
