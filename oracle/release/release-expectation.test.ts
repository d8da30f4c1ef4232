import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createHash } from 'node:crypto';
import { computeReleaseExpectation, RELEASE_IDENTITIES } from './release-expectation.js';
import { buildReferenceArtifact } from './build-reference-artifact.js';
import { schemaViolations } from '../records/schema-registry.js';
import { utf8World } from '../../suites/fixtures/utf8-world.js';
import { listTextWorld } from '../../suites/fixtures/list-text-world.js';

const SCHEMA = 'kofun.ctk.release-expectation/v1';

/** The framed listing digest, recomputed here from the frame definition with node:crypto. */
function listingDigest(files: { path: string; mode: number; size: number; sha256: string }[]): string {
  const sorted = [...files].sort((a, b) => Buffer.compare(Buffer.from(a.path), Buffer.from(b.path)));
  const parts: Buffer[] = [Buffer.alloc(4)];
  (parts[0] as Buffer).writeUInt32BE(sorted.length);
  for (const f of sorted) {
    const p = Buffer.from(f.path);
    const head = Buffer.alloc(4);
    head.writeUInt32BE(p.length);
    const mode = Buffer.alloc(4);
    mode.writeUInt32BE(f.mode);
    const size = Buffer.alloc(8);
    size.writeBigUInt64BE(BigInt(f.size));
    parts.push(head, p, mode, size, Buffer.from(f.sha256, 'hex'));
  }
  const payload = Buffer.concat(parts);
  const len = Buffer.alloc(4);
  len.writeUInt32BE(payload.length);
  const domain = Buffer.from('kofun.ctk.release-artifact/v1');
  return createHash('sha256')
    .update(Buffer.concat([Buffer.from('KOFUN\0', 'latin1'), Buffer.from([0, domain.length]), domain, len, payload]))
    .digest('hex');
}

test('every profile lists the built files with node:crypto SHA-256 and the framed digest', () => {
  const fixture = utf8World();
  const e = computeReleaseExpectation(fixture);
  assert.equal(
    e.profiles.map((p) => p.profile),
    ['without-support', 'support-disabled', 'discovery-enabled', 'runtime-metadata'],
  );
  for (const p of e.profiles) {
    const built = buildReferenceArtifact(fixture, p.profile);
    assert.equal(
      p.files,
      built.map((f) => ({
        path: f.path,
        mode: 0o644,
        size: f.bytes.length,
        sha256: createHash('sha256').update(f.bytes).digest('hex'),
      })),
      p.profile,
    );
    assert.is(p.digest, listingDigest(p.files), p.profile);
  }
});

test('the identities: 02 identical, 03/04/06 different, and the digests agree with them', () => {
  const e = computeReleaseExpectation(listTextWorld());
  assert.equal(
    e.identities.map((i) => `${i.left}|${i.right}|${i.relation}|${i.clause}`),
    [
      'without-support|support-disabled|identical|KD-RELEASE-02',
      'without-support|discovery-enabled|different|KD-RELEASE-03',
      'without-support|runtime-metadata|different|KD-RELEASE-04',
      'support-disabled|runtime-metadata|different|KD-RELEASE-06',
    ],
  );
  const digest = new Map(e.profiles.map((p) => [p.profile, p.digest]));
  for (const i of e.identities)
    assert.is(digest.get(i.left) === digest.get(i.right), i.relation === 'identical', i.clause);
  assert.is(e.identities.length, RELEASE_IDENTITIES.length);
});

test('the expectation conforms to its JSON Schema; malformed ones are rejected with the right pointer', () => {
  const e = computeReleaseExpectation(listTextWorld());
  assert.equal(schemaViolations(SCHEMA, e), []);
  const bad = (edit: (v: Record<string, unknown>) => void): string[] => {
    const copy = structuredClone(e) as unknown as Record<string, unknown>;
    edit(copy);
    return schemaViolations(SCHEMA, copy).map((v) => v.pointer ?? '');
  };
  assert.ok(
    bad((v) => (((v['profiles'] as { digest: string }[])[0] as { digest: string }).digest = 'ABC')).includes(
      '/profiles/0/digest',
    ),
  );
  assert.ok(
    bad(
      (v) => (((v['identities'] as { relation: string }[])[0] as { relation: string }).relation = 'similar'),
    ).includes('/identities/0/relation'),
  );
  assert.ok(bad((v) => (v['extra'] = 1)).includes('/extra'));
  assert.ok(
    bad(
      (v) => (((v['profiles'] as { files: { path: string }[] }[])[0]?.files[0] as { path: string }).path = 'a/../b'),
    ).includes('/profiles/0/files/0/path'),
  );
  assert.ok(
    bad((v) => (((v['profiles'] as { profile: string }[])[0] as { profile: string }).profile = 'debug')).includes(
      '/profiles/0/profile',
    ),
  );
});

test('the expectation is deterministic: two computations give the same JSON text', () => {
  const f = utf8World();
  assert.is(
    JSON.stringify(computeReleaseExpectation(f)),
    JSON.stringify(computeReleaseExpectation(structuredClone(f))),
  );
});

test.run();
