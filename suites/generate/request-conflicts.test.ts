import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readVectorTree, vectorTreeOf } from '../../runner/internal.js';
import { requestConflictProblems, requestConflicts } from './request-conflicts.js';

const utf8 = new TextEncoder();
const REQUEST = { encoding: 'utf8', data: '{"same": "request"}\n' };
const result = (status: string, extra = ''): string => `{\n  "status": "${status}"${extra}\n}\n`;
const vector = (id: string, expected: string): Uint8Array =>
  utf8.encode(JSON.stringify({ id, request: REQUEST, expected: { result: expected, sha256: '' }, acceptable: [] }));

function tree(entries: Record<string, string>): ReturnType<typeof vectorTreeOf> {
  return vectorTreeOf(
    new Map(Object.entries(entries).map(([path, expected]) => [path, vector(path.replace(/\.json$/, ''), expected)])),
  );
}

test('identical requests with different complete, partial or invalid answers conflict (KD-TRUST-07)', () => {
  const t = tree({
    'a/one.json': result('complete'),
    'b/two.json': result('partial'),
    'c/three.json': result('complete'),
  });
  assert.equal(
    requestConflicts(t).map((c) => [c.first, c.second, c.firstStatus, c.secondStatus]),
    [['a/one.json', 'b/two.json', 'complete', 'partial']],
  );
  assert.ok(requestConflictProblems(t)[0]?.includes('identical request bytes'));
  const twoCompletes = tree({ 'a/one.json': result('complete'), 'b/two.json': result('complete', ',\n  "x": 1') });
  assert.is(requestConflicts(twoCompletes).length, 1, 'two different complete answers conflict too');
});

test('stale and unavailable answers are exempt, and equal answers agree', () => {
  const t = tree({
    'a/one.json': result('complete'),
    'b/two.json': result('stale'),
    'c/three.json': result('unavailable'),
    'd/four.json': result('complete'),
  });
  assert.equal(requestConflicts(t), []);
});

test('the committed vector set has no conflict', () => {
  assert.equal(requestConflictProblems(readVectorTree()), []);
});

test.run();
