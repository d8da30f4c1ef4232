/**
 * The pin of one golden vector, the judge of every mutant of the oracle (suites/mutation/stryker.config.mjs): the
 * vector's fixture loads and hashes to the SHA-256 the vector names, the oracle answers the vector's request with
 * exactly the expected bytes, and the verifier finds nothing wrong with that answer. A mutant of the pipeline, the
 * codec, the records, the digests or the fixture loader that changes any of these is killed by the vector.
 *
 * The vector files are read with JSON.parse and Buffer, and test names hashed with node:crypto, not with the kit's
 * reader and hash helper: those are mutated too, and a mutant is judged by what the oracle answers, never by a
 * harness that cannot read its own inputs or name its own tests.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { compareUtf8, evaluateQuery, loadFixture, verifyResult } from '../../oracle/index.js';
import { firstDifferingByte } from '../../oracle/internal.js';

/** The title of the spec's one suite: StrykerJS names each test by it, a space and the test's title. */
export const PIN_SUITE_TITLE = 'every golden vector pinned';

/** The most candidates of a world the verifier checks an answer against with the whole fixture. */
export const VERIFIER_FIXTURE_CANDIDATES = 100_000;

/** The parts of a query vector file the pin reads. */
export interface PinnedVector {
  id: string;
  fixture_sha256: string;
  request: { encoding: 'utf8' | 'base64'; data: string };
  expected: { result: string };
}

/** Whether a parsed vector file is a query vector (a release-cost vector holds no request). */
export function isPinnable(value: unknown): value is PinnedVector {
  if (value === null || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return typeof v['id'] === 'string' && typeof v['request'] === 'object' && typeof v['expected'] === 'object';
}

/** The request bytes a vector stores (UTF-8 text, or base64 for bytes that are not UTF-8). */
export function pinnedRequestBytes(vector: PinnedVector): Uint8Array {
  return new Uint8Array(Buffer.from(vector.request.data, vector.request.encoding === 'utf8' ? 'utf8' : 'base64'));
}

/**
 * The name of a vector's test: its id and the first 12 hex digits of the SHA-256 of its request, expected result and
 * fixture SHA-256, so a vector whose bytes change is a new test for the incremental results (its old verdicts are
 * not reused for it).
 */
export function pinTestName(vector: PinnedVector): string {
  const digest = createHash('sha256')
    .update(JSON.stringify([vector.request, vector.expected.result, vector.fixture_sha256]))
    .digest('hex');
  return `${vector.id} ${digest.slice(0, 12)}`;
}

/**
 * What the oracle gets wrong on one vector, given its fixture file's bytes: each problem one line, none when the
 * oracle keeps the vector. A world of more than {@link VERIFIER_FIXTURE_CANDIDATES} candidates (the step-budget
 * worlds, a million candidates) has its answer verified with the request alone: the verifier's checks against the
 * whole fixture take tens of seconds there, and the answer's bytes are pinned whole all the same.
 */
export function pinVector(vector: PinnedVector, fixtureBytes: Uint8Array): string[] {
  const loaded = loadFixture(JSON.parse(Buffer.from(fixtureBytes).toString('utf8')));
  if (!loaded.ok) {
    const first = loaded.violations[0];
    return [`the fixture does not load: ${first?.clause ?? ''} ${first?.code ?? ''} ${first?.message ?? ''}`.trim()];
  }
  const fixture = loaded.fixture;
  const problems: string[] = [];
  if (fixture.fixtureSha256 !== vector.fixture_sha256)
    problems.push(`the fixture hashes to ${fixture.fixtureSha256}, the vector names ${vector.fixture_sha256}`);
  const request = pinnedRequestBytes(vector);
  const answer = evaluateQuery(request, fixture);
  const expected = Buffer.from(vector.expected.result, 'utf8');
  if (!expected.equals(Buffer.from(answer)))
    problems.push(`the answer differs from the expected bytes at byte ${firstDifferingByte(expected, answer)}`);
  const whole = fixture.candidatesInOrder.length <= VERIFIER_FIXTURE_CANDIDATES;
  const violations = verifyResult(answer, whole ? { request, fixture } : { request });
  for (const v of violations.slice(0, 3))
    problems.push(`the verifier: ${v.clause} ${v.code}${v.pointer === undefined ? '' : ` at ${v.pointer}`}`);
  if (violations.length > 3) problems.push(`the verifier: ${violations.length - 3} more`);
  return problems;
}

/** A query vector of a set, with its fixture file and that file's size. */
export interface PinnedVectorFile {
  vector: PinnedVector;
  fixturePath: string;
  fixtureSize: number;
}

/**
 * Every query vector under `vectorsRoot`, lightest world first (by fixture file size, then id), so a mutant most
 * vectors kill dies on a vector that answers in milliseconds.
 */
export function pinnedVectors(vectorsRoot: string): PinnedVectorFile[] {
  const out: PinnedVectorFile[] = [];
  for (const category of readdirSync(vectorsRoot, { withFileTypes: true })) {
    if (!category.isDirectory() || category.name === 'fixtures') continue;
    for (const file of readdirSync(join(vectorsRoot, category.name)).sort()) {
      const value: unknown = JSON.parse(readFileSync(join(vectorsRoot, category.name, file), 'utf8'));
      if (!isPinnable(value)) continue;
      const fixturePath = join(vectorsRoot, 'fixtures', `${value.fixture_sha256}.json`);
      out.push({ vector: value, fixturePath, fixtureSize: statSync(fixturePath).size });
    }
  }
  const byId = (a: PinnedVectorFile, b: PinnedVectorFile): number => compareUtf8(a.vector.id, b.vector.id);
  return out.sort((a, b) => a.fixtureSize - b.fixtureSize || byId(a, b));
}
