/**
 * The vector set `kofun-ctk fuzz` writes for a disagreement conforms to the vector and
 * manifest schemas, takes one of the contract's categories (never a category of its own),
 * and loads with the kit's vector readers like any committed vector set.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { loadFixture, answersWithAlternatives, schemaViolations } from '../../oracle/index.js';
import { vectorBytes } from '../../oracle/internal.js';
import { loadVectorSet } from '../vectors/vector-source.js';
import { readVectorTree } from '../vectors/load-vector.js';
import { buildCase, caseShapeArb, type CaseShape } from './fuzz-case.js';
import { countClasses, fuzzCategory, fuzzVectorId, writeFuzzVector, type FuzzOutcome } from './run-fuzz.js';

const root = mkdtempSync(join(tmpdir(), 'kofun-ctk-fuzz-vector-test-'));

/** A disagreement on `shape`: the provider's bytes are the oracle's without the final LF. */
function disagreement(shape: CaseShape, seed: number, path: string): Extract<FuzzOutcome, { kind: 'disagreement' }> {
  const c = buildCase(shape);
  const loaded = loadFixture(c.fixture);
  if (!loaded.ok) throw new Error('generated fixture does not load');
  const answers = answersWithAlternatives(c.request, loaded.fixture);
  const expected = answers.expected;
  return {
    kind: 'disagreement',
    seed,
    path,
    shrinks: 0,
    shape,
    case: c,
    answers,
    expected,
    actual: { ok: true, bytes: expected.subarray(0, expected.length - 1) },
    classes: countClasses([shape], 1),
    acceptable: {},
    shapes: [shape],
  };
}

/** The category the contract's families give a result, worked from its status by hand. */
function categoryByHand(expected: Uint8Array): string {
  const r = JSON.parse(Buffer.from(expected).toString('utf8')) as {
    status: string;
    reason: string | null;
    truncated: boolean;
  };
  if (r.status === 'partial') return r.truncated ? 'limit' : 'partial';
  if (r.status === 'unavailable') return r.reason === 'limit-exhausted' ? 'limit' : 'partial';
  return r.status;
}

const shapes = fc.sample(caseShapeArb, { seed: 20261201, numRuns: 30 });

test('every written vector and manifest conforms to its schema and loads with the kit readers', () => {
  const seen = new Set<string>();
  shapes.forEach((shape, i) => {
    const folder = join(root, `set-${i}`);
    const outcome = disagreement(shape, 7 + i, `${i}:0:1`);
    const id = writeFuzzVector(folder, outcome, '0.1.0');
    const category = categoryByHand(outcome.expected);
    seen.add(category);
    const pathHash = createHash('sha256').update(`${i}:0:1`).digest('hex').slice(0, 12);
    assert.is(id, `${category}/fuzz-${7 + i}-${pathHash}`);

    const vectorFile = JSON.parse(readFileSync(join(folder, `${id}.json`), 'utf8')) as Record<string, unknown>;
    assert.equal(schemaViolations('kofun.ctk.vector/v1', vectorFile), [], id);
    assert.equal(
      schemaViolations('kofun.ctk.manifest/v1', JSON.parse(readFileSync(join(folder, 'manifest.json'), 'utf8'))),
      [],
      id,
    );
    assert.is(vectorFile['category'], category);
    assert.match(String(vectorFile['intent']), `kofun-ctk fuzz --seed ${7 + i} --path ${i}:0:1`);
    // The provider's bytes lack the final LF: the verifier's canonical-bytes clause is named.
    assert.ok((vectorFile['clauses'] as string[]).length >= 2, id);

    const tree = readVectorTree(folder);
    assert.is(tree.vectors.length, 1);
    const only = tree.vectors[0];
    if (only === undefined) throw new Error('no vector read');
    assert.is(only.path, `${id}.json`);
    assert.equal([...(vectorBytes(only.vector)?.request ?? [])], [...outcome.case.request]);
    assert.equal([...(vectorBytes(only.vector)?.expected ?? [])], [...outcome.expected]);
    assert.ok(tree.fixture(only.vector.fixture_sha256).ok);

    const set = loadVectorSet(folder);
    assert.equal(
      set.queryVectors.map((v) => v.id),
      [id],
    );
    assert.equal(set.releaseVectors, []);
  });
  // The sample reaches more than one of the contract's categories.
  assert.ok(seen.size >= 3, [...seen].join(','));
});

test('the category follows the oracle result status; a negative seed still gives a valid id', () => {
  const result = (status: string, extra: Record<string, unknown> = {}): Uint8Array =>
    new TextEncoder().encode(JSON.stringify({ status, reason: null, truncated: false, ...extra }));
  assert.is(fuzzCategory(result('invalid', { reason: 'invalid-request' })).category, 'invalid');
  assert.is(fuzzCategory(result('stale', { reason: 'wrong-file' })).category, 'stale');
  assert.is(fuzzCategory(result('complete')).category, 'complete');
  assert.is(fuzzCategory(result('partial')).category, 'partial');
  assert.is(fuzzCategory(result('partial', { truncated: true })).category, 'limit');
  assert.is(fuzzCategory(result('unavailable', { reason: 'limit-exhausted' })).category, 'limit');
  assert.is(fuzzCategory(result('unavailable', { reason: 'incomplete-current-file-facts' })).category, 'partial');
  assert.throws(() => fuzzCategory(result('fuzz')));
  assert.match(fuzzVectorId('stale', -3, '1:2'), /^stale\/fuzz-n3-[0-9a-f]{12}$/);
});

test.after(() => rmSync(root, { recursive: true, force: true }));

test.run();
