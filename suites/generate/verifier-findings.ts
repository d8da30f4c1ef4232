/**
 * The independent verifier's findings on one vector: for its expected result and each acceptable alternative, every
 * violation (clause, code, pointer, message) given the vector's request and fixture. `vectors check` reports them, and
 * `report` reuses the expected result's findings for the oracle's own answer when it is those bytes, so a CI run that
 * checks the vectors and then the report verifies each vector once. Remembered between runs by the verifier's code
 * digest and the vector's file and fixture digests (check-cache.ts).
 */
import { sha256Hex, verifyResult } from '../../oracle/index.js';
import { vectorBytes, type VectorFile } from '../../oracle/internal.js';
import type { VectorTree } from '../../runner/internal.js';
import { CheckCache, codeDigest, vectorKey } from './check-cache.js';

/** One violation, as data. */
export interface Finding {
  clause: string;
  code: string;
  pointer?: string;
  message: string;
}

/** The findings on each result of a vector (`expected`, then `acceptable <name>`), or why its fixture did not load. */
export type VectorFindings = { results: { name: string; findings: Finding[] }[] } | { fixtureProblem: string };

function isFindings(value: unknown): value is VectorFindings {
  const v = value as { results?: unknown; fixtureProblem?: unknown } | null;
  return typeof v === 'object' && v !== null && (Array.isArray(v.results) || typeof v.fixtureProblem === 'string');
}

/** The cache of findings, keyed by the verifier's code (its import closure, the schemas, the lockfile). */
export function findingsCache(): CheckCache<VectorFindings> {
  return new CheckCache('verifier', codeDigest(['oracle/verifier/verify-result.ts']), isFindings);
}

/** The cache key of the vector at `path` of `tree`, when its file is there. */
export function findingsKey(tree: VectorTree, path: string, vector: VectorFile): string | undefined {
  const file = tree.files.get(path);
  return file === undefined ? undefined : vectorKey(sha256Hex(file), vector.fixture_sha256);
}

/** The findings on the vector at `path`; from `cache` when its file and fixture are unchanged. */
export function vectorFindings(
  tree: VectorTree,
  path: string,
  vector: VectorFile,
  cache?: CheckCache<VectorFindings>,
): VectorFindings | undefined {
  const key = cache === undefined ? undefined : findingsKey(tree, path, vector);
  const known = key === undefined ? undefined : cache?.get(key);
  if (known !== undefined) return known;
  const bytes = vectorBytes(vector);
  if (bytes === undefined) return undefined;
  const fixture = tree.fixture(vector.fixture_sha256);
  let findings: VectorFindings;
  if (!fixture.ok) findings = { fixtureProblem: fixture.message };
  else {
    const results = [
      { name: 'expected', bytes: bytes.expected },
      ...bytes.acceptable.map((a) => ({ name: `acceptable ${a.name}`, bytes: a.bytes })),
    ];
    findings = {
      results: results.map((r) => ({
        name: r.name,
        findings: verifyResult(r.bytes, { request: bytes.request, fixture: fixture.fixture }).map((v) => ({
          clause: v.clause,
          code: v.code,
          ...(v.pointer === undefined ? {} : { pointer: v.pointer }),
          message: v.message,
        })),
      })),
    };
  }
  if (key !== undefined) cache?.set(key, findings);
  return findings;
}
