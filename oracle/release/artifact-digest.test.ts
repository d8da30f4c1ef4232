import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createHash } from 'node:crypto';
import { artifactDigest, artifactListingFrame } from './artifact-digest.js';

const h = (s: string): string => createHash('sha256').update(s).digest('hex');

test('the empty listing is the 45-byte frame of a zero count', () => {
  // "KOFUN\0" (6) + 0x001d + "kofun.ctk.release-artifact/v1" (29) + 0x00000004 + 0x00000000 = 45 bytes.
  const expected = Buffer.concat([
    Buffer.from('KOFUN\0', 'latin1'),
    Buffer.from([0x00, 0x1d]),
    Buffer.from('kofun.ctk.release-artifact/v1', 'ascii'),
    Buffer.from([0, 0, 0, 4, 0, 0, 0, 0]),
  ]);
  assert.is(expected.length, 45);
  assert.equal(Buffer.from(artifactListingFrame([])), expected);
  assert.is(artifactDigest([]), createHash('sha256').update(expected).digest('hex'));
});

test('two files: hand-framed listing sorted by path bytes, independent of input order', () => {
  const b = { path: 'b.txt', mode: 0o644, size: 3, sha256: h('bbb') };
  const a = { path: 'a/x', mode: 0o755, size: 70000, sha256: h('a') };
  const entry = (path: string, mode: number, size: number, sha: string): Buffer =>
    Buffer.concat([
      Buffer.from([0, 0, 0, Buffer.byteLength(path)]),
      Buffer.from(path),
      Buffer.from([0, 0, mode >> 8, mode & 0xff]),
      Buffer.from([0, 0, 0, 0, 0, (size >> 16) & 0xff, (size >> 8) & 0xff, size & 0xff]),
      Buffer.from(sha, 'hex'),
    ]);
  const payload = Buffer.concat([
    Buffer.from([0, 0, 0, 2]),
    entry('a/x', 0o755, 70000, a.sha256),
    entry('b.txt', 0o644, 3, b.sha256),
  ]);
  const frame = Buffer.concat([
    Buffer.from('KOFUN\0', 'latin1'),
    Buffer.from([0x00, 0x1d]),
    Buffer.from('kofun.ctk.release-artifact/v1'),
    Buffer.from([0, 0, payload.length >> 8, payload.length & 0xff]),
    payload,
  ]);
  const expected = createHash('sha256').update(frame).digest('hex');
  assert.is(artifactDigest([b, a]), expected);
  assert.is(artifactDigest([a, b]), expected);
});

test('mode, size, content and path each change the digest', () => {
  const f = { path: 'm', mode: 0o644, size: 1, sha256: h('x') };
  const base = artifactDigest([f]);
  assert.is.not(artifactDigest([{ ...f, mode: 0o600 }]), base);
  assert.is.not(artifactDigest([{ ...f, size: 2 }]), base);
  assert.is.not(artifactDigest([{ ...f, sha256: h('y') }]), base);
  assert.is.not(artifactDigest([{ ...f, path: 'n' }]), base);
});

test('paths sort by UTF-8 bytes, not UTF-16 units', () => {
  // U+FF21 (EF BC A1) sorts before U+1F600 (F0 9F 98 80) in bytes, after it in UTF-16 units.
  const wide = { path: '\uff21', mode: 0o644, size: 1, sha256: h('1') };
  const astral = { path: '\u{1f600}', mode: 0o644, size: 1, sha256: h('2') };
  const frame = Buffer.from(artifactListingFrame([astral, wide]));
  assert.ok(frame.indexOf(Buffer.from('\uff21')) < frame.indexOf(Buffer.from('\u{1f600}')));
});

test('a duplicate path is a kit fault', () => {
  const f = { path: 'same', mode: 0o644, size: 1, sha256: h('x') };
  assert.throws(() => artifactDigest([f, { ...f }]), /duplicate artifact path/);
});

test.run();
