/**
 * The vector digest against its framing worked by hand (vector-digest.ts's header): the frame built here byte by byte
 * with Buffer and node's own SHA-256, not with the kit's ByteWriter or kofunFrame.
 */
import { createHash } from 'node:crypto';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { queryVectorDigest, releaseVectorDigest } from './vector-digest.js';

const sha = (b: Buffer): string => createHash('sha256').update(b).digest('hex');
const u16 = (n: number): Buffer => Buffer.from([n >> 8, n & 0xff]);
const u32 = (n: number): Buffer => Buffer.from([n >>> 24, (n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff]);
const frame = (payload: Buffer): Buffer => {
  const domain = Buffer.from('kofun.ctk.vector/v1', 'ascii');
  return Buffer.concat([Buffer.from('KOFUN\0', 'ascii'), u16(domain.length), domain, u32(payload.length), payload]);
};
const A = 'a'.repeat(64);
const B = 'b'.repeat(64);
const C = 'c'.repeat(64);
const D = 'd'.repeat(64);

test('a query vector: its three digests, its alternatives by name bytes, then its features by bytes', () => {
  const payload = Buffer.concat([
    Buffer.from([1]),
    Buffer.from(A, 'hex'),
    Buffer.from(B, 'hex'),
    Buffer.from(C, 'hex'),
    u32(1),
    u16(3),
    Buffer.from('alt'),
    Buffer.from(D, 'hex'),
    u32(2),
    u16(11),
    Buffer.from('release-cos'),
    u16(11),
    Buffer.from('step-budget'),
  ]);
  const got = queryVectorDigest({
    fixtureSha256: A,
    requestSha256: B,
    expectedSha256: C,
    acceptable: [{ name: 'alt', sha256: D }],
    // Given out of order: the digest sorts them ("release-cos" < "step-budget" by bytes).
    features: ['step-budget', 'release-cos'],
  });
  assert.is(got, sha(frame(payload)));
});

test('a feature more or less is another digest: an old verdict does not speak for the vector', () => {
  const parts = { fixtureSha256: A, requestSha256: B, expectedSha256: C, acceptable: [] };
  assert.is.not(queryVectorDigest({ ...parts, features: [] }), queryVectorDigest({ ...parts, features: ['x'] }));
});

test('a release vector: its fixture, the SHA-256 of its expectation as pretty JSON, its features', () => {
  const release = { k: 1 };
  const pretty = Buffer.from('{\n  "k": 1\n}\n');
  const payload = Buffer.concat([
    Buffer.from([2]),
    Buffer.from(A, 'hex'),
    Buffer.from(sha(pretty), 'hex'),
    u32(1),
    u16(12),
    Buffer.from('release-cost'),
  ]);
  assert.is(releaseVectorDigest(A, release, ['release-cost']), sha(frame(payload)));
});

test.run();
