import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { kitVectors, pickVector } from '../test-support/run-helpers.js';
import type { LoadedFixture } from '../../oracle/index.js';
import { judgeVector } from './judge-vector.js';

/** The kit's fixture as the verifier loads it (the kit's own set does not change under the tests). */
const loadedFixture = (sha256: string): LoadedFixture | undefined => {
  const read = kitVectors().loadedFixture(sha256);
  if (!read.ok) throw new Error(read.reason);
  return read.value;
};

const context = (v: { fixtureSha256: string }, declared: string[] = []) => ({
  fixture: () => loadedFixture(v.fixtureSha256),
  declaredInterpretations: declared,
});

test('the expected bytes are PASS, with no verifier violation', () => {
  const v = pickVector('stale vector', (x) => x.category === 'stale');
  const j = judgeVector(v, { ok: true, value: v.expected }, context(v));
  assert.is(j.verdict, 'PASS');
  assert.equal(j.violations, []);
  assert.equal(j.notes, []);
});

test('an alternative of the envelope is ACCEPTABLE, named, and marked declared when the handshake named it', () => {
  const v = pickVector('vector with an acceptable alternative', (x) => x.acceptable.length > 0);
  const alt = v.acceptable[0];
  if (alt === undefined) throw new Error('no alternative');
  const plain = judgeVector(v, { ok: true, value: alt.bytes }, context(v));
  assert.is(plain.verdict, 'ACCEPTABLE');
  assert.equal(plain.acceptable, { name: alt.name, interpretation: alt.interpretation, declared: false });
  const declared = judgeVector(v, { ok: true, value: alt.bytes }, context(v, [alt.name]));
  assert.is(declared.acceptable?.declared, true);
});

test('other bytes are FAIL with the verifier clauses, a classification and a diff', () => {
  const v = pickVector('stale vector', (x) => x.category === 'stale');
  const text = Buffer.from(v.expected).toString('utf8');
  const swapped = new Uint8Array(Buffer.from(text.replace('"authoritative": false', '"authoritative": true')));
  const j = judgeVector(v, { ok: true, value: swapped }, context(v));
  assert.is(j.verdict, 'FAIL');
  assert.ok(j.fail_clauses.includes('KD-TRUST-04'), j.fail_clauses.join());
  assert.is(j.clause_source, 'verifier');
  assert.equal(j.difference, { kind: 'values', pointers: ['/authoritative'], more: 0 });
  assert.match(j.diff ?? '', /-  "authoritative": false,\n\+  "authoritative": true,/);
});

test('the fixture is read only to verify a wrong answer: not for the golden or an alternative', () => {
  const v = pickVector('vector with an acceptable alternative', (x) => x.acceptable.length > 0);
  const alt = v.acceptable[0];
  if (alt === undefined) throw new Error('no alternative');
  let reads = 0;
  const counting = {
    fixture: () => {
      reads += 1;
      return loadedFixture(v.fixtureSha256);
    },
    declaredInterpretations: [],
  };
  assert.is(judgeVector(v, { ok: true, value: v.expected }, counting).verdict, 'PASS');
  assert.is(judgeVector(v, { ok: true, value: alt.bytes }, counting).verdict, 'ACCEPTABLE');
  assert.is(reads, 0);
  // One byte more than the golden (a second final LF) is neither: the verifier runs, with the fixture, and objects.
  const wrong = judgeVector(v, { ok: true, value: new Uint8Array([...v.expected, 0x0a]) }, counting);
  assert.is(wrong.verdict, 'FAIL');
  assert.is(reads, 1);
  assert.ok(wrong.violations.length > 0);
});

test('no bytes is ERROR, and provider text is escaped and bounded', () => {
  const v = pickVector('stale vector', (x) => x.category === 'stale');
  const j = judgeVector(
    v,
    {
      ok: false,
      fault: { kind: 'crash', message: 'died \u001b[2J', stderrTail: Buffer.from(`${'x'.repeat(5000)}\u202e`) },
    },
    context(v),
  );
  assert.is(j.verdict, 'ERROR');
  assert.is(j.error?.kind, 'crash');
  assert.is(j.error?.message, 'died \\u{1b}[2J');
  assert.ok((j.error?.stderr_tail ?? '').length < 2100);
  assert.not.match(j.error?.stderr_tail ?? '', /\u202e/);
  const e = judgeVector(
    v,
    { ok: false, fault: { kind: 'provider-error', code: 'unsupported', message: 'no' } },
    context(v),
  );
  assert.equal(e.error, { kind: 'provider-error', code: 'unsupported', message: 'no' });
  assert.equal(e.fail_clauses, []);
});

test('an oversize reply is an ERROR that names KD-LIMIT-03 (a result is at most 4 MiB)', () => {
  const v = pickVector('stale vector', (x) => x.category === 'stale');
  const j = judgeVector(
    v,
    { ok: false, fault: { kind: 'oversize', message: 'too big', stderrTail: new Uint8Array(0) } },
    context(v),
  );
  assert.is(j.verdict, 'ERROR');
  assert.equal(j.fail_clauses, ['KD-LIMIT-03']);
  assert.is(j.clause_source, 'limit');
});

test('a FAIL the verifier can name carries its rule, not the vector clause list', () => {
  const v = pickVector(
    'ownership vector with a requires-take row',
    (x) => x.id === 'ownership/permits-edit-include-unavailable',
  );
  const text = Buffer.from(v.expected).toString('utf8');
  // into_iter needs take; the receiver permits edit only (KD-OWN-05).
  const callable = text
    .replace(
      '"availability": "unavailable",\n      "dependencies"',
      '"availability": "callable",\n      "dependencies"',
    )
    .replace('"rejection_reasons": [\n        "requires-take"\n      ]', '"rejection_reasons": []');
  assert.ok(callable !== text);
  const j = judgeVector(v, { ok: true, value: new Uint8Array(Buffer.from(callable)) }, context(v));
  assert.is(j.verdict, 'FAIL');
  assert.equal(j.fail_clauses, ['KD-OWN-05']);
  assert.ok(v.clauses.length > 1);
});

test.run();
