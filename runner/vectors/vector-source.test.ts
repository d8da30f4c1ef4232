/**
 * The vector set is checked up front, file by file: each refusal is a UsageError naming the set and the file, and a
 * checked set keeps only metadata, each vector's bytes read again from its file when asked for.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sha256Hex } from '../../oracle/index.js';
import { kitRoot } from '../../oracle/internal.js';
import { UsageError } from '../io/cli-io.js';
import { kitVectors } from '../test-support/run-helpers.js';
import { subsetFiles, writeVectorSubset } from '../test-support/vector-subset.js';
import { loadVectorSet } from './vector-source.js';

const utf8 = new TextEncoder();

/** The message of the UsageError loading `root` throws. */
function refusal(root: string): string {
  try {
    loadVectorSet(root);
  } catch (err) {
    if (err instanceof UsageError) return err.message;
    throw err;
  }
  throw new Error(`the vector set ${root} was not refused`);
}

const first = (): { id: string; file: string; fixtureSha256: string } => {
  const v = kitVectors().queryVectors.find((x) => x.category === 'stale');
  if (v === undefined) throw new Error('no stale vector');
  return v;
};

/** A vector file's JSON edited by `edit`, written back with its manifest entry following. */
function edited(file: Uint8Array, edit: (v: Record<string, unknown>) => void): Uint8Array {
  const v = JSON.parse(Buffer.from(file).toString('utf8')) as Record<string, unknown>;
  edit(v);
  return utf8.encode(`${JSON.stringify(v, null, 2)}\n`);
}

test("the kit's set: every vector of the manifest, metadata only; a vector's bytes are read from its file", () => {
  const set = kitVectors();
  const manifest = JSON.parse(readFileSync(join(kitRoot(), 'vectors', 'manifest.json'), 'utf8')) as { total: number };
  assert.is(set.queryVectors.length + set.releaseVectors.length, manifest.total);
  const entry = set.queryVectors[0];
  if (entry === undefined) throw new Error('no query vector');
  assert.not.ok('request' in entry || 'expected' in entry, 'the set holds no payload');
  const read = set.readVector(entry);
  if (!read.ok) throw new Error(read.reason);
  const file = JSON.parse(readFileSync(join(set.root, entry.file), 'utf8')) as { expected: { result: string } };
  assert.is(Buffer.from(read.value.expected).toString('utf8'), file.expected.result);
  assert.is(sha256Hex(read.value.expected), entry.expectedSha256);
  assert.is(sha256Hex(readFileSync(join(set.root, entry.file))), entry.fileSha256);
});

test('no manifest, and a listed file that is missing, are refused', () => {
  const v = first();
  const files = subsetFiles([v.id]);
  const listed = [...files].map(([path, bytes]) => ({ path, sha256: sha256Hex(bytes) }));
  const root = writeVectorSubset(new Map([...files].filter(([path]) => path !== v.file)), listed);
  assert.match(refusal(root), `vector set ${root}: ${v.file} is listed in manifest.json but missing`);
  assert.match(refusal(join(root, 'no-such-folder')), 'no manifest.json (generate the vectors first)');
});

test('a listed path outside the set, or a hidden name, counts as missing even when the file is there', () => {
  const v = first();
  const files = subsetFiles([v.id]);
  const outside = writeVectorSubset(files);
  const bytes = files.get(v.file) as Uint8Array;
  for (const path of [`../${outside.split('/').at(-1) ?? ''}/${v.file}`, `.hidden/${v.file}`]) {
    const root = writeVectorSubset(new Map([...files, [path.startsWith('.hidden') ? path : v.file, bytes]]), [
      ...[...files].filter(([p]) => p !== v.file).map(([p, b]) => ({ path: p, sha256: sha256Hex(b) })),
      { path, sha256: sha256Hex(bytes) },
    ]);
    assert.match(refusal(root), `${path} is listed in manifest.json but missing`);
  }
});

test('a file that is not the bytes its manifest entry names is refused', () => {
  const v = first();
  const files = subsetFiles([v.id]);
  const root = writeVectorSubset(files);
  writeFileSync(join(root, v.file), `${readFileSync(join(root, v.file), 'utf8')} `);
  assert.match(refusal(root), `${v.file} does not match its SHA-256 in manifest.json`);
  const fixtureRoot = writeVectorSubset(files);
  const fixture = `fixtures/${v.fixtureSha256}.json`;
  writeFileSync(join(fixtureRoot, fixture), `${readFileSync(join(fixtureRoot, fixture), 'utf8')} `);
  assert.match(refusal(fixtureRoot), `${fixture} does not match its SHA-256 in manifest.json`);
});

test('a set checked before in the process is checked again once a listed file was written, even to equal size', () => {
  const v = first();
  const files = subsetFiles([v.id]);
  const root = writeVectorSubset(files);
  assert.is(loadVectorSet(root).queryVectors.length, 1);
  // The same size, one byte different: only the file's times and content tell it from the file checked.
  const text = readFileSync(join(root, v.file), 'utf8');
  const at = text.indexOf('"intent": "') + '"intent": "'.length;
  writeFileSync(join(root, v.file), `${text.slice(0, at)}${text[at] === 'x' ? 'y' : 'x'}${text.slice(at + 1)}`);
  assert.is(readFileSync(join(root, v.file)).length, Buffer.byteLength(text));
  assert.match(refusal(root), `${v.file} does not match its SHA-256 in manifest.json`);
  // Written back as it was, it is checked again and accepted, with its vector as the file holds it.
  writeFileSync(join(root, v.file), text);
  assert.equal(
    loadVectorSet(root).queryVectors.map((q) => q.id),
    [v.id],
  );
});

test('a fixture not named by its SHA-256, and a vector naming an unlisted fixture, are refused', () => {
  const v = first();
  const files = subsetFiles([v.id]);
  const fixture = `fixtures/${v.fixtureSha256}.json`;
  const bytes = files.get(fixture) as Uint8Array;
  const renamed = writeVectorSubset(
    new Map([...[...files].filter(([p]) => p !== fixture), ['fixtures/a.json', bytes]]),
  );
  assert.match(refusal(renamed), 'fixtures/a.json is not named by its SHA-256');
  const unlisted = writeVectorSubset(new Map([...files].filter(([p]) => p !== fixture)));
  assert.match(refusal(unlisted), `${v.file} names fixture ${v.fixtureSha256}, which manifest.json does not list`);
});

test('a vector file with a duplicate key, or expected or acceptable bytes not their sha256, is refused', () => {
  const v = first();
  const files = subsetFiles([v.id]);
  const text = Buffer.from(files.get(v.file) as Uint8Array).toString('utf8');
  // '{"id":"x",' + the file without its '{': the file's own "id" is then the object's second one.
  const duplicate = writeVectorSubset(new Map([...files, [v.file, utf8.encode(`{"id":"x",${text.slice(1)}`)]]));
  assert.match(refusal(duplicate), new RegExp(`${v.file} is refused: byte [0-9]+, /id: duplicate key "id"`));
  const expected = edited(files.get(v.file) as Uint8Array, (x) => {
    (x.expected as { sha256: string }).sha256 = '0'.repeat(64);
  });
  assert.match(
    refusal(writeVectorSubset(new Map([...files, [v.file, expected]]))),
    `${v.file}: the expected result does not match its sha256`,
  );
  const withAlternative = kitVectors().queryVectors.find((x) => x.acceptable.length > 0);
  if (withAlternative === undefined) throw new Error('no vector with an acceptable alternative');
  const altFiles = subsetFiles([withAlternative.id]);
  const alt = edited(altFiles.get(withAlternative.file) as Uint8Array, (x) => {
    (x.acceptable as { result: string }[])[0]!.result += ' ';
  });
  const name = withAlternative.acceptable[0]?.name ?? '';
  assert.match(
    refusal(writeVectorSubset(new Map([...altFiles, [withAlternative.file, alt]]))),
    `${withAlternative.file}: acceptable ${name} does not match its sha256`,
  );
});

test('the same vector id twice is refused', () => {
  const v = first();
  const files = subsetFiles([v.id]);
  const copy = v.file.replace(/\.json$/, '-copy.json');
  const root = writeVectorSubset(new Map([...files, [copy, files.get(v.file) as Uint8Array]]));
  assert.match(refusal(root), `duplicate vector id ${v.id}`);
});

test('a read after the check: a removed vector file is a reason, not an exception', () => {
  const v = first();
  const root = writeVectorSubset(subsetFiles([v.id]));
  const set = loadVectorSet(root);
  writeFileSync(join(root, v.file), '');
  const read = set.readVector(v);
  assert.not.ok(read.ok);
  if (!read.ok) {
    assert.is(read.file, join(root, v.file));
    assert.match(read.reason, `${join(root, v.file)} changed after the vector set was checked (its SHA-256 is now`);
  }
  const unknown = set.readVector({ id: 'no/such-vector' });
  assert.not.ok(unknown.ok);
});

test("a read's bytes are a Uint8Array whose slice() copies (what a module's thread is sent, then detached)", () => {
  const v = first();
  const set = loadVectorSet(writeVectorSubset(subsetFiles([v.id])));
  const read = set.readFixture(v.fixtureSha256);
  if (!read.ok) throw new Error(read.reason);
  const copy = read.value.slice();
  structuredClone(copy, { transfer: [copy.buffer] });
  const again = set.readFixture(v.fixtureSha256);
  assert.ok(again.ok && again.value.length > 0 && again.value[0] === 0x7b, 'the kept bytes are still readable');
});

test.run();
