import { test } from 'uvu';
import * as assert from 'uvu/assert';
import * as fc from 'fast-check';
import { createHash } from 'node:crypto';
import {
  buildReferenceArtifact,
  RELEASE_PROFILES,
  type ArtifactFile,
  type ReleaseProfile,
} from './build-reference-artifact.js';
import { FixtureBuilder, variant } from '../fixture/fixture-builder.js';
import { hiddenMarkers, hiddenWorld } from '../../suites/fixtures/hidden-world.js';
import { reorderFixture } from '../../suites/fixtures/reorder-fixture.js';
import { listTextWorld } from '../../suites/fixtures/list-text-world.js';
import { releaseCostCases, RELEASE_HIDDEN_NAMES } from '../../suites/release-cost.js';
import type { FixtureV1 } from '../fixture/fixture.js';

const SOURCE = 'pub fn greet() {} fn hush() {}';
/** Interface-set digest of the empty set (clauses.md, Derived facts). */
const EMPTY_SET_DIGEST = '80d1c79a9cc431fc7b585d15fcf9a21b31e2daa8002300b1b95cda519d163804';

function tiny(): { fixture: FixtureV1; fileId: string; greet: string } {
  const b = new FixtureBuilder({ description: 'tiny', fileLabel: 'tiny.kf', path: 'src/tiny.kf', source: SOURCE });
  const greet = b.addCandidate({
    qualified_name: 'app.greet',
    signature: 'app.greet() -> Unit',
    receiver: null,
    mode: 'none',
    home: 'current-file',
  });
  b.addCandidate({
    qualified_name: 'app.hush',
    signature: 'app.hush() -> Unit',
    receiver: null,
    mode: 'none',
    home: 'current-file',
    visibility: 'private',
  });
  b.addOccurrence({ text: 'greet', type: { type: 'app.Fn', display: 'Fn' } });
  // No query is sent to a release fixture, so its source stays as written (no facts trailer).
  return { fixture: b.build({ trailer: false }), fileId: b.fileId, greet };
}

const u32 = (n: number): Buffer => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};
const text = (s: string): Buffer => Buffer.concat([u32(Buffer.byteLength(s)), Buffer.from(s)]);
const frame = (domain: string, payload: Buffer): Buffer =>
  Buffer.concat([
    Buffer.from('KOFUN\0', 'latin1'),
    Buffer.from([0, domain.length]),
    Buffer.from(domain),
    u32(payload.length),
    payload,
  ]);
const file = (files: ArtifactFile[], path: string): Buffer => {
  const f = files.find((x) => x.path === path);
  if (f === undefined) throw new Error(`no ${path}`);
  return Buffer.from(f.bytes);
};

test('module.kfo of a tiny fixture equals the hand-framed bytes', () => {
  const { fixture, fileId, greet } = tiny();
  const payload = Buffer.concat([
    Buffer.from(fileId, 'hex'),
    createHash('sha256').update(SOURCE).digest(),
    Buffer.from(EMPTY_SET_DIGEST, 'hex'),
    text('stage2-v1'),
    text(SOURCE),
    u32(1),
    Buffer.from(greet, 'hex'),
    text('app.greet'),
    Buffer.from([1]),
    text('app.greet() -> Unit'),
  ]);
  const files = buildReferenceArtifact(fixture, 'without-support');
  assert.equal(
    files.map((f) => f.path),
    ['exports.txt', 'module.kfo'],
  );
  assert.equal(
    files.map((f) => f.mode),
    [0o644, 0o644],
  );
  assert.equal(file(files, 'module.kfo'), frame('kofun.ctk.reference-module/v1', payload));
  assert.is(
    file(files, 'exports.txt').toString('utf8'),
    `# kofun.ctk.reference-exports/v1\n${greet} "app.greet" "app.greet() -> Unit"\n`,
  );
});

test('KD-RELEASE-02: support-disabled is byte-identical to without-support for every case fixture', () => {
  for (const c of releaseCostCases().slice(0, 8)) {
    const a = buildReferenceArtifact(c.fixture, 'without-support');
    const b = buildReferenceArtifact(c.fixture, 'support-disabled');
    assert.equal(b, a, c.id);
  }
});

test('discovery-enabled appends one discovery frame to the normal module; exports.txt is unchanged', () => {
  const { fixture } = tiny();
  const normal = buildReferenceArtifact(fixture, 'without-support');
  const enabled = buildReferenceArtifact(fixture, 'discovery-enabled');
  assert.equal(file(enabled, 'exports.txt'), file(normal, 'exports.txt'));
  const module = file(enabled, 'module.kfo');
  const base = file(normal, 'module.kfo');
  assert.equal(module.subarray(0, base.length), base);
  // The appended frame: one occurrence `greet` at bytes 7..12, validated (1), with a TypeId;
  // then both current-file SymbolIds, private ones included, in byte order.
  const ids = fixture.candidates.map((c) => c.identity).sort();
  const typeId = fixture.occurrences[0]?.type.identity?.value as string;
  const discovery = Buffer.concat([
    u32(1),
    u32(7),
    u32(12),
    Buffer.from([1, 1]),
    Buffer.from(typeId, 'hex'),
    u32(2),
    ...ids.map((i) => Buffer.from(i, 'hex')),
  ]);
  assert.equal(module.subarray(base.length), frame('kofun.ctk.reference-discovery/v1', discovery));
});

test('runtime-metadata declares its versioned profile first and adds the metadata document', () => {
  const { fixture } = tiny();
  const files = buildReferenceArtifact(fixture, 'runtime-metadata');
  assert.equal(
    files.map((f) => f.path),
    ['exports.txt', 'module.kfo', 'runtime-metadata.json'],
  );
  const module = file(files, 'module.kfo');
  // 6 + 2 + 26 ("kofun.ctk.build-profile/v1") + 4 + (4 + 19 + 4 + 29) = 94 bytes of header.
  const header = frame(
    'kofun.ctk.build-profile/v1',
    Buffer.concat([text('runtime-metadata/v1'), text('kofun.ctk.runtime-metadata/v1')]),
  );
  assert.is(header.length, 94);
  assert.equal(module.subarray(0, 94), header);
  assert.equal(module.subarray(94), file(buildReferenceArtifact(fixture, 'without-support'), 'module.kfo'));
  const doc = JSON.parse(file(files, 'runtime-metadata.json').toString('utf8')) as Record<string, unknown>;
  assert.is(doc['schema'], 'kofun.ctk.runtime-metadata/v1');
  assert.is(doc['profile'], 'runtime-metadata/v1');
});

test(
  'KD-RELEASE-04: runtime metadata holds public stable facts only; ' +
    'hidden names never reach any normal or metadata file',
  () => {
    const markers = [...hiddenMarkers(), ...RELEASE_HIDDEN_NAMES];
    const fixtures = [
      hiddenWorld(),
      releaseCostCases().find((c) => c.id === 'release-cost/visibility-mix')?.fixture as FixtureV1,
    ];
    for (const f of fixtures) {
      for (const profile of ['without-support', 'runtime-metadata'] as const) {
        for (const out of buildReferenceArtifact(f, profile)) {
          const body = Buffer.from(out.bytes);
          for (const m of markers) {
            // The source text is the module's code; a name the source spells is not a leak of metadata.
            if (out.path === 'module.kfo' && f.file.source.includes(m)) continue;
            assert.is(body.indexOf(Buffer.from(m)), -1, `${profile} ${out.path} contains ${m}`);
          }
        }
      }
    }
    const mix = releaseCostCases().find((c) => c.id === 'release-cost/visibility-mix')?.fixture as FixtureV1;
    const doc = JSON.parse(
      file(buildReferenceArtifact(mix, 'runtime-metadata'), 'runtime-metadata.json').toString('utf8'),
    ) as { exports: { qualified_name: string }[] };
    assert.equal(
      doc.exports.map((e) => e.qualified_name),
      ['app.door.open_door'],
    );
    for (const name of RELEASE_HIDDEN_NAMES) assert.not.ok(JSON.stringify(doc).includes(name));
  },
);

test(
  'KD-RELEASE-05: stripped and unstable facts are marked unavailable, never empty lists; ' +
    'a real empty export list stays []',
  () => {
    const byId = (id: string): FixtureV1 => releaseCostCases().find((c) => c.id === id)?.fixture as FixtureV1;
    const meta = (f: FixtureV1): Record<string, unknown> =>
      JSON.parse(
        file(buildReferenceArtifact(f, 'runtime-metadata'), 'runtime-metadata.json').toString('utf8'),
      ) as Record<string, unknown>;
    const unavailable = (reason: string): Record<string, string> => ({ reason, status: 'unavailable' });
    const stripped = meta(byId('release-cost/stripped-facts'));
    const [sortBy] = stripped['exports'] as Record<string, unknown>[];
    assert.ok(sortBy);
    for (const field of ['generic_requirements', 'effects', 'source', 'documentation', 'origin'])
      assert.equal(sortBy[field], unavailable('stripped-by-profile'), field);
    assert.equal(stripped['types'], unavailable('stripped-by-profile'));
    assert.equal(stripped['dynamic_invocation'], unavailable('separate-decision'));
    assert.equal(stripped['mutation'], unavailable('separate-decision'));
    const unstable = meta(byId('release-cost/unstable-exports'))['exports'] as Record<string, unknown>[];
    const byName = new Map(unstable.map((e) => [e['qualified_name'], e]));
    assert.is(byName.get('app.draft.settled')?.['signature'], 'app.draft.settled(read Text) -> Text');
    for (const name of ['app.draft.drafting', 'app.draft.broken', 'app.draft.unknown']) {
      assert.equal(byName.get(name)?.['signature'], unavailable('not-stable'), name);
      assert.equal(byName.get(name)?.['receiver_mode'], unavailable('not-stable'), name);
    }
    assert.equal(
      (meta(byId('release-cost/null-signature'))['exports'] as Record<string, unknown>[])[0]?.['signature'],
      unavailable('not-stable'),
    );
    assert.equal(meta(byId('release-cost/no-public-exports'))['exports'], []);
  },
);

test('one source byte changed moves module.kfo at the hand-computed offset', () => {
  const { fixture } = tiny();
  // A plain copy: variant would bind the world to a facts trailer (KIT-25), and this edit is about one byte.
  const changed = structuredClone(fixture);
  changed.file.source = SOURCE.replace('hush', 'husk');
  const a = file(buildReferenceArtifact(fixture, 'without-support'), 'module.kfo');
  const b = file(buildReferenceArtifact(changed, 'without-support'), 'module.kfo');
  // The source SHA-256 is the first payload field to change: after 6 + 2 + 29 + 4 header bytes and the 32-byte FileId.
  let first = 0;
  while (a[first] === b[first]) first++;
  assert.is(
    first,
    6 +
      2 +
      29 +
      4 +
      32 +
      firstDiffByte(
        createHash('sha256').update(SOURCE).digest(),
        createHash('sha256').update(changed.file.source).digest(),
      ),
  );
  // Past the digests, the source text differs at 6+2+29+4 + 96 + (4+9) + 4 + index of 'h' in "hush" + 3.
  const at = 6 + 2 + 29 + 4 + 96 + 13 + 4 + SOURCE.indexOf('hush') + 3;
  assert.is(String.fromCharCode(a[at] as number, b[at] as number), 'hk');
});

function firstDiffByte(x: Buffer, y: Buffer): number {
  let i = 0;
  while (x[i] === y[i]) i++;
  return i;
}

test('path, description and generation are not build inputs (KD-KEY-07)', () => {
  const base = listTextWorld();
  const moved = variant(base, (f) => {
    f.file.path = 'elsewhere/deeper/languages.kf';
    f.description = 'another description';
    f.generation = 9_007_199_254_740_991;
  });
  for (const p of RELEASE_PROFILES) assert.equal(buildReferenceArtifact(moved, p), buildReferenceArtifact(base, p), p);
});

test('KD-ORDER-12 in spirit: reordering every fixture array changes no artifact byte', () => {
  const base = hiddenWorld();
  const expected = new Map<ReleaseProfile, ArtifactFile[]>(
    RELEASE_PROFILES.map((p) => [p, buildReferenceArtifact(base, p)]),
  );
  fc.assert(
    fc.property(fc.string({ minLength: 1, maxLength: 12 }), fc.constantFrom(...RELEASE_PROFILES), (seed, profile) => {
      const shuffled = reorderFixture(base, { kind: 'shuffled', seed });
      assert.equal(buildReferenceArtifact(shuffled, profile), expected.get(profile));
    }),
    { seed: 20261201, numRuns: 40 },
  );
});

test('a fixture the loader rejects is a kit fault naming the violation', () => {
  const { fixture } = tiny();
  const broken = variant(fixture, (f) => {
    f.file.file_id = 'NOT-AN-ID';
  });
  assert.throws(
    () => buildReferenceArtifact(broken, 'without-support'),
    /fixture rejected \(schema at \/file\/file_id/,
  );
});

test.run();
