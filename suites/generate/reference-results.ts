/**
 * The reference oracle judged on its own vector set: each query vector's request
 * evaluated on its fixture and compared with the expected and acceptable bytes, the
 * oracle's answer run through the independent verifier, and each release-cost
 * vector's expectation recomputed from its fixture.
 */
import { compareUtf8, type FixtureV1, evaluateQuery, verifyResult } from '../../oracle/index.js';
import {
  computeReleaseExpectation,
  fixtureFilePath,
  type GateCheck,
  prettyJson,
  vectorBytes,
  type VectorFile,
} from '../../oracle/internal.js';
import type { VectorTree } from '../../runner/internal.js';
import { sha256Hex } from '../../oracle/index.js';
import { vectorKey, type CheckCache } from './check-cache.js';
import { findingsKey, type VectorFindings } from './verifier-findings.js';

/** The oracle's verdict on one vector. */
export type OracleVerdict = 'PASS' | 'ACCEPTABLE' | 'FAIL' | 'ERROR';

/** One vector's outcome. */
export interface OracleResult {
  id: string;
  category: string;
  verdict: OracleVerdict;
  /** Verifier violations of the oracle's answer, as `clause code` strings. */
  violations: string[];
  /** Why the verdict is not PASS, when it is not. */
  detail: string;
  /** For ACCEPTABLE: the alternative the answer equals and the register entry that allows it. */
  acceptable?: { name: string; interpretation: string };
}

/**
 * Judges the reference oracle on every vector of `tree`, in id order; with `cache`, a vector whose file and fixture
 * bytes are unchanged since it was judged keeps that verdict (check-cache.ts keys it with the oracle's code).
 */
export function referenceResults(
  tree: VectorTree,
  options: {
    cache?: CheckCache<OracleResult>;
    /** The verifier's findings `vectors check` left, reused when the oracle answers the expected bytes. */
    findings?: CheckCache<VectorFindings>;
    tick?: (done: number, total: number) => void;
  } = {},
): OracleResult[] {
  const out: OracleResult[] = [];
  const sorted = [...tree.vectors].sort((a, b) => compareUtf8(a.vector.id, b.vector.id));
  for (const { path, vector } of sorted) {
    options.tick?.(out.length, sorted.length);
    const file = tree.files.get(path);
    const key =
      options.cache === undefined || file === undefined ? undefined : vectorKey(sha256Hex(file), vector.fixture_sha256);
    const known = key === undefined ? undefined : options.cache?.get(key);
    const expectedFindings = (): string[] | undefined => {
      const key = options.findings === undefined ? undefined : findingsKey(tree, path, vector);
      const f = key === undefined ? undefined : options.findings?.get(key);
      const expected = f === undefined || 'fixtureProblem' in f ? undefined : f.results[0];
      return expected?.name === 'expected' ? expected.findings.map((v) => `${v.clause} ${v.code}`) : undefined;
    };
    const result = known ?? judge(tree, vector, expectedFindings);
    if (key !== undefined && known === undefined) options.cache?.set(key, result);
    out.push(result);
  }
  return out;
}

/** Whether a cached value has the shape of an OracleResult. */
export function isOracleResult(value: unknown): value is OracleResult {
  const v = value as Partial<OracleResult> | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof v.id === 'string' &&
    typeof v.verdict === 'string' &&
    Array.isArray(v.violations) &&
    typeof v.detail === 'string'
  );
}

function judge(tree: VectorTree, vector: VectorFile, expectedFindings: () => string[] | undefined): OracleResult {
  const base = { id: vector.id, category: vector.category };
  const bytes = vectorBytes(vector);
  if (bytes === undefined) return judgeRelease(tree, vector);
  const fixture = tree.fixture(vector.fixture_sha256);
  if (!fixture.ok)
    return { ...base, verdict: 'ERROR', violations: [], detail: `fixture does not load: ${fixture.message}` };
  const actual = evaluateQuery(bytes.request, fixture.fixture);
  const same = Buffer.from(actual).equals(Buffer.from(bytes.expected));
  // The oracle's answer is the expected bytes: the verifier's findings on them may be known already.
  const violations =
    (same ? expectedFindings() : undefined) ??
    verifyResult(actual, { request: bytes.request, fixture: fixture.fixture }).map((v) => `${v.clause} ${v.code}`);
  if (same) return { ...base, verdict: 'PASS', violations, detail: '' };
  const alt = bytes.acceptable.find((a) => Buffer.from(actual).equals(Buffer.from(a.bytes)));
  if (alt !== undefined)
    return {
      ...base,
      verdict: 'ACCEPTABLE',
      violations,
      detail: `equals acceptable ${alt.name} (${alt.interpretation})`,
      acceptable: { name: alt.name, interpretation: alt.interpretation },
    };
  return { ...base, verdict: 'FAIL', violations, detail: 'result differs from the expected bytes' };
}

function judgeRelease(tree: VectorTree, vector: VectorFile): OracleResult {
  const base = { id: vector.id, category: vector.category, violations: [] };
  const file = tree.files.get(fixtureFilePath(vector.fixture_sha256));
  if (file === undefined || !('release' in vector)) return { ...base, verdict: 'ERROR', detail: 'fixture missing' };
  try {
    const fixture = JSON.parse(new TextDecoder().decode(file)) as FixtureV1;
    // The gate check is the case's own statement, not built from the fixture: it is carried over as written.
    const gateCheck = (vector.release as { gate_check?: GateCheck }).gate_check;
    const same = prettyJson(computeReleaseExpectation(fixture, gateCheck)) === prettyJson(vector.release);
    return same
      ? { ...base, verdict: 'PASS', detail: '' }
      : { ...base, verdict: 'FAIL', detail: 'release expectation differs' };
  } catch (err) {
    return { ...base, verdict: 'ERROR', detail: err instanceof Error ? err.message : String(err) };
  }
}
