import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createHash } from 'node:crypto';
import { schemaViolations } from '../records/schema-registry.js';
import {
  codePointsBeyondBaseline,
  encodeResult,
  fixtureFilePath,
  generatedStamp,
  isVectorFileValue,
  isVectorPath,
  manifestFile,
  MANIFEST_FORMAT,
  MAX_VECTOR_FILE_BYTES,
  queryVectorFile,
  readManifestFile,
  readVectorFile,
  VECTOR_FORMAT,
  vectorBytes,
  type Category,
} from './vector-format.js';

const utf8 = new TextEncoder();
const nodeSha = (b: Uint8Array | string): string => createHash('sha256').update(b).digest('hex');
const RESULT = '{\n  "status": "invalid"\n}\n';
const head = {
  generated: generatedStamp('1.2.3'),
  id: 'invalid/some-case',
  category: 'invalid' as Category,
  intent: 'A request that is not canonical is answered invalid.',
  clauses: ['KD-CANON-01'],
  interpretations: [],
  features: [],
  fixture_sha256: 'ab'.repeat(32),
};

test('the layout of a set: fixtures by SHA-256, vector files beside them', () => {
  assert.is(fixtureFilePath('ab'.repeat(32)), `fixtures/${'ab'.repeat(32)}.json`);
  assert.ok(isVectorPath('complete/one-case.json'));
  assert.not.ok(isVectorPath('manifest.json'));
  assert.not.ok(isVectorPath(`fixtures/${'ab'.repeat(32)}.json`));
  assert.not.ok(isVectorPath('README.md'));
});

test('a vector file is read fail-closed: a duplicate key, a byte order mark, invalid UTF-8, an oversized file', () => {
  const ok = readVectorFile(utf8.encode('{"format": "kofun.ctk.vector/v1", "id": "complete/x"}'));
  assert.ok(ok.ok && ok.value.id === 'complete/x');
  const dup = readVectorFile(utf8.encode('{"id": "complete/x", "id": "complete/y"}'));
  assert.ok(!dup.ok && dup.problem.code === 'duplicate-key' && dup.problem.pointer === '/id');
  const bom = readVectorFile(Uint8Array.of(0xef, 0xbb, 0xbf, 0x7b, 0x7d));
  assert.ok(!bom.ok && bom.problem.code === 'bom');
  const latin1 = readVectorFile(Uint8Array.of(0x22, 0xe9, 0x22));
  // 0xE9 opens a three-byte sequence; byte 2 (a quote) cannot continue it.
  assert.ok(!latin1.ok && latin1.problem.code === 'utf8' && latin1.problem.offset === 2);
  const big = readManifestFile(new Uint8Array(MAX_VECTOR_FILE_BYTES + 1).fill(0x20));
  assert.ok(!big.ok && big.problem.code === 'too-large');
});

test('only the vector format tag makes a JSON value a vector file', () => {
  assert.ok(isVectorFileValue({ format: 'kofun.ctk.vector/v1', fixture_sha256: 'x' }));
  assert.not.ok(isVectorFileValue({ format: 'kofun.ctk.manifest/v1' }));
  assert.not.ok(isVectorFileValue({ format: 'kofun.ctk.vector/v2' }));
  assert.not.ok(isVectorFileValue([{ format: 'kofun.ctk.vector/v1' }]));
  assert.not.ok(isVectorFileValue(null));
  assert.not.ok(isVectorFileValue('kofun.ctk.vector/v1'));
});

test('a query vector holds its request and results as the bytes they stand for', () => {
  const request = Uint8Array.of(0x7b, 0xff, 0x7d); // not UTF-8: stored as base64
  const vector = queryVectorFile(head, request, encodeResult(utf8.encode(RESULT)), [
    { name: 'other', reason: 'Another reading.', interpretation: 'OQ-01', ...encodeResult(utf8.encode('{}\n')) },
  ]);
  assert.equal(schemaViolations(VECTOR_FORMAT, vector), []);
  assert.equal(vector.request, { encoding: 'base64', data: 'e/99' });
  assert.equal(vector.expected, { result: RESULT, sha256: nodeSha(RESULT) });
  const bytes = vectorBytes(vector);
  assert.equal([...(bytes?.request ?? [])], [0x7b, 0xff, 0x7d]);
  assert.is(Buffer.from(bytes?.expected ?? []).toString('utf8'), RESULT);
  assert.equal(
    bytes?.acceptable.map((a) => [a.name, a.interpretation, Buffer.from(a.bytes).toString('utf8')]),
    [['other', 'OQ-01', '{}\n']],
  );
  assert.is(vectorBytes({ ...head, format: VECTOR_FORMAT, release: {} }), undefined);
});

test('a result that is not UTF-8 has no text: a fault of the writer', () => {
  assert.throws(() => encodeResult(Uint8Array.of(0xc0, 0xaf)));
});

test('the manifest sorts files, renames and flagged vectors by UTF-8 bytes; the set digest binds the files', () => {
  const fixture = { path: fixtureFilePath('11'.repeat(32)), sha256: '11'.repeat(32) };
  // U+FF5E (EF BD 9E) sorts before U+1F600 (F0 9F 98 80) in bytes, after it in UTF-16 units.
  const wide = { path: 'invalid/\u{1f600}.json', sha256: '22'.repeat(32) };
  const narrow = { path: 'invalid/\u{ff5e}.json', sha256: '33'.repeat(32) };
  const counts = { invalid: 3 } as Record<Category, number>;
  const manifest = manifestFile({
    generated: generatedStamp('1.2.3'),
    counts,
    total: 3,
    files: [wide, narrow, fixture],
    renames: [
      { from: 'invalid/b', to: 'invalid/c' },
      { from: 'invalid/a', to: 'invalid/c' },
    ],
    beyondBaseline: [
      { id: 'invalid/z', code_points: ['U+1F6DC'] },
      { id: 'invalid/y', code_points: ['U+0378'] },
    ],
  });
  assert.is(manifest.format, MANIFEST_FORMAT);
  assert.equal(
    manifest.files.map((f) => f.path),
    [fixture.path, narrow.path, wide.path],
  );
  assert.equal(
    manifest.renames.map((r) => r.from),
    ['invalid/a', 'invalid/b'],
  );
  assert.equal(manifest.unicode, {
    baseline: '15.0',
    beyond_baseline: [
      { id: 'invalid/y', code_points: ['U+0378'] },
      { id: 'invalid/z', code_points: ['U+1F6DC'] },
    ],
  });
  // The vector-set frame by hand: "KOFUN\0" || 0x0017 || domain || payload_length || count || files in byte order.
  const entry = (f: { path: string; sha256: string }): Buffer =>
    Buffer.concat([Buffer.from([0, Buffer.byteLength(f.path)]), Buffer.from(f.path), Buffer.from(f.sha256, 'hex')]);
  const payload = Buffer.concat([Buffer.from([0, 0, 0, 3]), entry(fixture), entry(narrow), entry(wide)]);
  const frame = Buffer.concat([
    Buffer.from('KOFUN\0', 'latin1'),
    Buffer.from([0x00, 0x17]),
    Buffer.from('kofun.ctk.vector-set/v1', 'ascii'),
    Buffer.from([0, 0, payload.length >> 8, payload.length & 0xff]),
    payload,
  ]);
  assert.is(manifest.vector_set_sha256, nodeSha(frame));
});

test('the code points beyond the baseline are read from the request as sent and the fixture (KIT-26)', () => {
  // U+2FFC was assigned in Unicode 15.1 and U+0378 never was; U+1F6DC (Unicode 15.0) is within the baseline.
  const fixture = utf8.encode('{"name": "x\u{2ffc}\u{1f6dc}"}');
  assert.equal(codePointsBeyondBaseline({ encoding: 'utf8', data: 'q\u0378' }, fixture), ['U+0378', 'U+2FFC']);
  // Bytes stored as base64 are not UTF-8 text, so only the fixture is read.
  assert.equal(codePointsBeyondBaseline({ encoding: 'base64', data: 'e/99' }, fixture), ['U+2FFC']);
  assert.equal(codePointsBeyondBaseline({ encoding: 'utf8', data: 'caf\u00e9' }, utf8.encode('{}')), []);
});

test.run();
