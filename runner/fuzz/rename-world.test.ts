/**
 * Renamed worlds and the fresh cases asked in them: every query vector of the kit's set on a world a count samples
 * keeps its law (the golden's status, reason, truncation, rows, omissions and diagnostics, in order) under fresh
 * bytes no vector holds; a vector gives no case only when its golden names nothing of its world. Names keep their
 * UTF-8 length and NFC; a request keeps its layout.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import fc from 'fast-check';
import { utf8Length, verifyResult, type FixtureV1, type LoadedFixture } from '../../oracle/index.js';
import { kitFixtureBytes, kitVectors, loadedVector } from '../test-support/run-helpers.js';
import { deriveFreshCase } from './fresh-case.js';
import { letterPermutation, permuteLetters, renameWorld, type RenamedWorld } from './rename-world.js';

/** A light world (at most 1,024 candidates and interfaces), as the fresh phase's count samples; told unloaded. */
function light(sha256: string): boolean {
  const f = JSON.parse(Buffer.from(kitFixtureBytes(sha256)).toString('utf8')) as FixtureV1;
  const members = f.candidate_series.reduce((n, s) => n + s.count, 0);
  return f.candidates.length + members <= 1024 && f.interfaces.length <= 1024;
}

function loaded(sha256: string): LoadedFixture {
  const read = kitVectors().loadedFixture(sha256);
  if (!read.ok || read.value === undefined) throw new Error(`fixture ${sha256} does not load`);
  return read.value;
}

/** What a result's law fixes, with every identity, name and digest left out. */
function shape(bytes: Uint8Array): unknown {
  const r = JSON.parse(Buffer.from(bytes).toString('utf8')) as Record<string, any>; // eslint-disable-line
  const rows = (r.operations ?? []) as Record<string, any>[]; // eslint-disable-line
  return {
    status: r.status,
    reason: r.reason,
    truncated: r.truncated,
    authoritative: r.authoritative,
    analysis: r.analysis === null,
    type: r.type === null ? null : [r.type.status, r.type.reason, r.type.identity === null, r.type.display === null],
    rows: rows.map((o) => [
      o.status,
      o.availability,
      o.rejection_reasons,
      o.receiver_mode,
      o.signature === null,
      o.dependencies.map((d: { status: string }) => d.status),
      o.generic_requirements.map((g: { status: string }) => g.status).sort(),
      o.effects.map((e: { status: string }) => e.status),
      o.diagnostic_ids.length,
    ]),
    omissions: ((r.omissions ?? []) as { reason: string }[]).map((o) => o.reason),
    diagnostics: (r.diagnostics ?? []).length,
  };
}

const goldens = new Set(
  kitVectors().queryVectors.flatMap((v) => [v.expectedSha256, ...v.acceptable.map((a) => a.sha256)]),
);

for (const seed of [7, 20261201]) {
  test(`seed ${seed}: every vector on a light world keeps its law renamed, in bytes no vector holds`, () => {
    const worlds = new Map<string, { source: LoadedFixture; world: RenamedWorld } | null>();
    let derived = 0;
    for (const entry of kitVectors().queryVectors) {
      if (!worlds.has(entry.fixtureSha256)) {
        const source = light(entry.fixtureSha256) ? loaded(entry.fixtureSha256) : undefined;
        worlds.set(entry.fixtureSha256, source === undefined ? null : { source, world: renameWorld(seed, source) });
      }
      const w = worlds.get(entry.fixtureSha256);
      if (w === null || w === undefined) continue;
      const vector = loadedVector(entry);
      const d = deriveFreshCase(vector, w.source, w.world);
      const where = `seed ${seed}, ${entry.id}`;
      if (!d.ok) {
        // Only a golden that names nothing of its world (no 64-hex Id) gives no case.
        assert.is(d.reason, 'its fresh answers are its golden ones', where);
        assert.not.match(Buffer.from(vector.expected).toString('utf8'), /[0-9a-f]{64}/, where);
        continue;
      }
      derived += 1;
      const fresh = d.case.vector;
      assert.equal(shape(fresh.expected), shape(vector.expected), where);
      // A golden expected answer (invalid-request) is fresh only through an alternative in bytes no vector holds.
      assert.ok(
        !goldens.has(fresh.expectedSha256) || fresh.acceptable.some((a) => !goldens.has(a.sha256)),
        `${where}: the fresh answers are goldens`,
      );
      assert.ok(!Buffer.from(fresh.request).equals(Buffer.from(vector.request)), `${where}: the request is the same`);
      assert.is(fresh.request.length, vector.request.length, `${where}: the request's length changed`);
      assert.equal(verifyResult(fresh.expected, { request: fresh.request, fixture: w.world.loaded }), [], where);
      // Every alternative is derived again, and the verifier finds nothing wrong with it either.
      assert.equal(
        fresh.acceptable.map((a) => a.name),
        vector.acceptable.map((a) => a.name),
        where,
      );
      for (const a of fresh.acceptable) {
        assert.ok(!goldens.has(a.sha256), `${where}: alternative ${a.name} is a golden`);
        assert.equal(verifyResult(a.bytes, { request: fresh.request, fixture: w.world.loaded }), [], where);
      }
    }
    // Of the 292 query vectors, those on light worlds with a golden naming their world: most of them.
    assert.ok(derived >= 190, `only ${derived} cases derived`);
  });
}

test('a renamed candidate keeps its place among series members, in a world with both', () => {
  const entry = kitVectors().queryVectors.find((v) => {
    if (!light(v.fixtureSha256)) return false;
    const f = loaded(v.fixtureSha256);
    return f.candidates.length > 0 && f.candidate_series.length > 0;
  });
  assert.ok(entry !== undefined, 'the kit has a light world with series members and explicit candidates');
  const source = loaded(entry.fixtureSha256);
  const world = renameWorld(3, source);
  assert.ok(world.sha256 !== entry.fixtureSha256);
  source.candidates.forEach((c, i) => {
    const renamed = world.fixture.candidates[i];
    assert.ok(renamed !== undefined && renamed.identity !== c.identity);
    assert.is(
      world.loaded.candidatesInOrder.positionOf(renamed.identity),
      source.candidatesInOrder.positionOf(c.identity),
    );
  });
});

test('the letter permutation maps letters to letters, keeping case, one to one', () => {
  const letters = letterPermutation(5);
  const lower = [...'abcdefghijklmnopqrstuvwxyz'].map((l) => letters.get(l) as string);
  assert.is(new Set(lower).size, 26);
  assert.ok(lower.every((l) => /^[a-z]$/.test(l)));
  for (const l of 'abcdefghijklmnopqrstuvwxyz') assert.is(letters.get(l.toUpperCase()), letters.get(l)?.toUpperCase());
  assert.not.equal(lower.join(''), 'abcdefghijklmnopqrstuvwxyz');
});

test('a permuted name keeps its UTF-8 length and NFC; a letter before a non-ASCII character is kept', () => {
  const letters = letterPermutation(9);
  // q + U+0301 has no precomposed form; any other base letter might (é), so q stays q.
  assert.is(permuteLetters('q\u0301', letters), 'q\u0301');
  assert.is(permuteLetters('a', letters), letters.get('a'));
  const unit = fc.constantFrom(
    'a',
    'q',
    'Z',
    'e',
    '0',
    '_',
    '.',
    ' ',
    '\u0301',
    '\u0308',
    'é',
    '語',
    '\u{1F600}',
    '\u2028',
  );
  fc.assert(
    fc.property(fc.array(unit, { maxLength: 12 }), (units) => {
      const s = units.join('');
      const t = permuteLetters(s, letters);
      if (utf8Length(t) !== utf8Length(s)) return false;
      if (s.normalize('NFC') === s && t.normalize('NFC') !== t) return false;
      return [...s].every((ch, i) => (/[A-Za-z]/.test(ch) ? /[A-Za-z]/.test([...t][i] as string) : [...t][i] === ch));
    }),
    { seed: 20261201, numRuns: 500 },
  );
});

test('a request that is not canonical keeps its layout and keys: only Ids and names change, in place', () => {
  const entry = kitVectors().queryVectors.find((v) => v.id === 'invalid/layout-tab-indentation');
  assert.ok(entry !== undefined);
  const vector = loadedVector(entry);
  const world = renameWorld(11, loaded(entry.fixtureSha256));
  const renamed = Buffer.from(world.renameRequest(vector.request)).toString('latin1');
  const before = Buffer.from(vector.request).toString('latin1');
  const layout = (s: string): string => s.replace(/[0-9A-Za-z]/g, 'x');
  assert.is(layout(renamed), layout(before));
  const keys = (s: string): string[] => [...s.matchAll(/"([a-z_]+)"\s*:/g)].map((m) => m[1] as string);
  assert.equal(keys(renamed), keys(before));
  assert.ok(renamed !== before);
});

test.run();
