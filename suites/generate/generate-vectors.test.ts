import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { schemaViolations } from '../../oracle/index.js';
import { decodeRequestBytes, encodeRequestBytes, vectorSetDigest } from '../../oracle/internal.js';
import type { CaseDefinition } from '../case-definition.js';
import { completeCases } from '../complete.js';
import { invalidCases } from '../invalid.js';
import { staleCases } from '../stale.js';
import { checkVectors } from './check-vectors.js';
import { generateVectors } from './generate-vectors.js';

const OPTIONS = { oracleVersion: '9.9.9', renames: {} };

/** A fresh subset of the cases: every object built anew, alternatives of both kinds included. */
function someCases(): CaseDefinition[] {
  return [...completeCases(), ...staleCases(), ...invalidCases().slice(0, 12)];
}

test('generation is deterministic: fresh cases, another time zone and working directory give identical files', () => {
  const first = generateVectors(someCases(), OPTIONS);
  const tz = process.env['TZ'];
  const cwd = process.cwd();
  const elsewhere = mkdtempSync(join(tmpdir(), 'kctk-generate-'));
  try {
    process.env['TZ'] = 'Pacific/Chatham';
    process.chdir(elsewhere);
    const second = generateVectors(someCases(), OPTIONS);
    assert.equal([...second.files.keys()], [...first.files.keys()]);
    for (const [path, bytes] of first.files)
      assert.ok(Buffer.from(bytes).equals(Buffer.from(second.files.get(path) ?? new Uint8Array())), path);
  } finally {
    process.chdir(cwd);
    if (tz === undefined) delete process.env['TZ'];
    else process.env['TZ'] = tz;
    rmSync(elsewhere, { recursive: true, force: true });
  }
});

test(
  'the manifest lists every vector and fixture by path ' + 'bytes and its digest is the vector-set digest of that list',
  () => {
    const set = generateVectors(completeCases(), OPTIONS);
    const paths = set.manifest.files.map((f) => f.path);
    assert.equal(paths, [...set.files.keys()].filter((p) => p !== 'manifest.json' && p !== 'README.md').sort());
    assert.is(set.manifest.vector_set_sha256, vectorSetDigest(set.manifest.files));
    assert.is(set.manifest.counts.complete, completeCases().length);
    assert.equal(
      schemaViolations('kofun.ctk.manifest/v1', JSON.parse(new TextDecoder().decode(set.files.get('manifest.json')))),
      [],
    );
    for (const [path, bytes] of set.files) {
      if (!path.startsWith('complete/')) continue;
      assert.equal(schemaViolations('kofun.ctk.vector/v1', JSON.parse(new TextDecoder().decode(bytes))), [], path);
    }
  },
);

test('each vector lists the features its request exercises (PROTOCOL.md, "Features"), worked from the intents', () => {
  const set = generateVectors([...completeCases(), ...invalidCases()], OPTIONS);
  const features = (id: string): unknown =>
    (JSON.parse(new TextDecoder().decode(set.files.get(`${id}.json`))) as { features: unknown }).features;
  // "Why is an expected operation unavailable?" asked of a callable operation: the query kind explain-operation.
  assert.equal(features('complete/explain-callable-operation'), ['explain-operation']);
  // A type-and-operations query with include_unavailable true on an owned literal: the rejected rows on request.
  assert.equal(features('complete/owned-literal-include-unavailable'), ['include-unavailable']);
  // The type of List[Text] and its operations without the flag: the core of the contract, no feature.
  assert.equal(features('complete/list-text-type'), []);
  assert.equal(features('complete/list-text-operations'), []);
  // An explanation whose spelling is over 1,024 bytes is an invalid request (L139): answered before any lookup.
  assert.equal(features('invalid/spelling-1025-bytes'), []);
  assert.equal(features('invalid/non-nfc-string'), []);
});

test('a stale case with several mismatches carries the other stale reasons as acceptable results', () => {
  const set = generateVectors(staleCases(), OPTIONS);
  const vector = JSON.parse(new TextDecoder().decode(set.files.get('stale/combined-source-and-generation.json'))) as {
    expected: { result: string };
    acceptable: { name: string; result: string }[];
  };
  assert.match(vector.expected.result, '"reason": "stale-source"');
  assert.equal(
    vector.acceptable.map((a) => a.name),
    ['other-stale-reason/stale-generation'],
  );
  assert.match(vector.acceptable[0]?.result ?? '', '"reason": "stale-generation"');
});

test('check passes on the generated files and fails on one edited byte', () => {
  const cases = completeCases();
  const set = generateVectors(cases, OPTIONS);
  const input = { cases, oracleVersion: OPTIONS.oracleVersion, renames: {}, known: {} };
  assert.equal(checkVectors({ ...input, committed: set.files }).problems, []);
  const edited = new Map(set.files);
  const path = 'complete/list-text-operations.json';
  const bytes = new Uint8Array(edited.get(path) ?? new Uint8Array());
  const at = Buffer.from(bytes).indexOf('"callable"');
  bytes[at + 1] = 'C'.charCodeAt(0);
  edited.set(path, bytes);
  const problems = checkVectors({ ...input, committed: edited }).problems;
  assert.ok(
    problems.some((p) => p.startsWith(`vectors/${path}: differs`)),
    problems.join('\n'),
  );
});

test('check reports missing and extra files and a duplicate case id', () => {
  const cases = completeCases();
  const set = generateVectors(cases, OPTIONS);
  const input = { cases, oracleVersion: OPTIONS.oracleVersion, renames: {}, known: {} };
  const tampered = new Map(set.files);
  tampered.delete('complete/list-text-type.json');
  tampered.set('complete/hand-written.json', new TextEncoder().encode('{}\n'));
  const problems = checkVectors({ ...input, committed: tampered }).problems;
  assert.ok(problems.includes('vectors/complete/list-text-type.json: missing (not committed)'));
  assert.ok(problems.includes('vectors/complete/hand-written.json: extra (no case generates it)'));
  const duplicated = checkVectors({
    ...input,
    cases: [...cases, cases[0] as CaseDefinition],
    committed: set.files,
  }).problems;
  assert.ok(duplicated.includes(`duplicate case id ${cases[0]?.id ?? ''}`));
});

test('request bytes round-trip through their vector encoding (utf8 when valid, base64 otherwise)', () => {
  fc.assert(
    fc.property(fc.uint8Array({ maxLength: 64 }), (bytes) => {
      const encoded = encodeRequestBytes(bytes);
      assert.ok(Buffer.from(decodeRequestBytes(encoded)).equals(Buffer.from(bytes)));
    }),
    { seed: 20261201, numRuns: 300 },
  );
  assert.is(encodeRequestBytes(new Uint8Array([0xef, 0xbb, 0xbf, 0x7b])).encoding, 'utf8');
  assert.is(encodeRequestBytes(new Uint8Array([0xc0, 0xaf])).encoding, 'base64');
  assert.is(encodeRequestBytes(new Uint8Array([0xed, 0xa0, 0x80])).encoding, 'base64');
});

test.run();
