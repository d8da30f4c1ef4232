/**
 * `kofun-ctk vectors diff`: each kind of change is told apart, vector by vector, with its clauses and register entries,
 * the expected answer's change shown as a diff of the decoded results; folders and git revisions are read alike; a
 * folder that is not a vector set is refused with its path (exit 2).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { schemaViolations, sha256Hex } from '../../oracle/index.js';
import { kitRoot } from '../../oracle/internal.js';
import { runCli } from '../test-support/run-cli.js';
import { diffVectorSets, type VectorSetDiff } from './diff-vector-sets.js';
import { readTree, vectorsDir } from './load-vector.js';

const committed = readTree(vectorsDir());
// The stale category and the manifest: a small set that is still a vector set.
const base = new Map([...committed].filter(([p]) => p.startsWith('stale/') || p === 'manifest.json'));
const utf8 = new TextEncoder();
const edit = (files: Map<string, Uint8Array>, path: string, change: (v: Record<string, unknown>) => void): void => {
  const value = JSON.parse(new TextDecoder().decode(files.get(path))) as Record<string, unknown>;
  change(value);
  files.set(path, utf8.encode(JSON.stringify(value)));
};

test('added, removed, expected, alternatives and metadata changes, each with its clauses and entries', () => {
  const next = new Map(base);
  edit(next, 'stale/wrong-file.json', (v) => {
    const expected = v.expected as { result: string; sha256: string };
    expected.result = expected.result.replace('"wrong-file"', '"stale-source"');
    expected.sha256 = sha256Hex(expected.result);
  });
  next.delete('stale/generation-older.json');
  edit(next, 'stale/generation-newer.json', (v) => (v.intent = 'Another intent.'));
  edit(next, 'stale/combined-source-and-generation.json', (v) => (v.acceptable = []));
  next.set('stale/copy.json', next.get('stale/wrong-file.json') as Uint8Array);
  edit(next, 'stale/copy.json', (v) => (v.id = 'stale/copy'));
  const r = diffVectorSets({ source: 'old', files: base }, { source: 'new', files: next });
  assert.ok(r.ok);
  if (!r.ok) return;
  const kinds = r.diff.changes.map((c) => [c.kind, c.id]);
  assert.equal(kinds, [
    ['added', 'stale/copy'],
    ['removed', 'stale/generation-older'],
    ['expected', 'stale/wrong-file'],
    ['alternatives', 'stale/combined-source-and-generation'],
    ['metadata', 'stale/generation-newer'],
  ]);
  const expected = r.diff.changes[2];
  assert.is(expected?.before, 'stale (wrong-file)');
  assert.is(expected?.after, 'stale (stale-source)');
  assert.match(expected?.diff ?? '', /^- {2}"reason": "wrong-file",$/m);
  assert.match(expected?.diff ?? '', /^\+ {2}"reason": "stale-source",$/m);
  assert.ok(expected?.clauses.includes('KD-STALE-01'));
  assert.not.equal(expected?.old_sha256, expected?.new_sha256, 'the vector digest follows its answer');
  assert.equal(r.diff.changes[3]?.alternatives, {
    added: [],
    removed: ['other-stale-reason/stale-generation'],
    changed: [],
  });
  assert.ok(r.diff.changes[3]?.entries.includes('OQ-01'), 'an entry of a removed alternative still counts');
  assert.equal(r.diff.changes[4]?.fields, ['intent']);
  assert.is(r.diff.changes[4]?.old_sha256, r.diff.changes[4]?.new_sha256, 'metadata is not in the vector digest');
  assert.equal(schemaViolations('kofun.ctk.vector-diff/v1', JSON.parse(JSON.stringify(r.diff))), []);
  const total = [...base.keys()].filter((p) => p.startsWith('stale/')).length;
  assert.is(r.diff.counts.unchanged, total - 4);
});

test('a folder that is not a vector set is refused with its path; the CLI exits 2', async () => {
  const empty = mkdtempSync(join(tmpdir(), 'kofun-ctk-diff-'));
  const r = diffVectorSets({ source: empty, files: new Map() }, { source: 'new', files: base });
  assert.equal(r, { ok: false, problem: `${empty}: not a vector set: manifest.json is missing` });
  const broken = new Map(base);
  broken.set('stale/wrong-file.json', utf8.encode('{"id": 1, "id": 2}'));
  const b = diffVectorSets({ source: 'old', files: base }, { source: 'x', files: broken });
  assert.ok(!b.ok && b.problem.startsWith('x/stale/wrong-file.json: not a vector file: '), JSON.stringify(b));
  const cli = await runCli(['vectors', 'diff', empty, vectorsDir()]);
  assert.is(cli.code, 2);
  assert.match(cli.stderr, /manifest\.json is missing/);
  const neither = await runCli(['vectors', 'diff', 'no-such-revision-or-folder', vectorsDir()], { cwd: kitRoot() });
  assert.is(neither.code, 2);
  assert.match(neither.stderr, /no-such-revision-or-folder: neither a folder nor a git revision/);
});

test('folders and the last commit are read alike; --json and --markdown', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'kofun-ctk-diff-'));
  for (const [path, bytes] of base) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), bytes);
  }
  const json = await runCli(['vectors', 'diff', dir, vectorsDir(), '--json']);
  assert.is(json.code, 0, json.stderr);
  const diff = JSON.parse(json.stdout) as VectorSetDiff;
  assert.is(diff.format, 'kofun.ctk.vector-diff/v1');
  assert.equal(schemaViolations('kofun.ctk.vector-diff/v1', diff), []);
  assert.is(diff.counts.removed, 0);
  assert.is(diff.counts.added, diff.new.vectors - diff.old.vectors);
  // HEAD's vector folder, read through git, against itself as committed.
  const head = await runCli(['vectors', 'diff', 'HEAD', 'HEAD', '--markdown'], { cwd: kitRoot() });
  assert.is(head.code, 0, head.stderr);
  assert.match(head.stdout, /^## Vector set changes/);
  assert.match(head.stdout, /0 added, 0 removed, 0 expected changed/);
});

test.run();
