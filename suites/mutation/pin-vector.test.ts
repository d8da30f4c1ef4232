/**
 * The pin that judges each mutant of the oracle: it holds on the committed vectors, and it names an answer that is not
 * the expected bytes and a fixture that hashes to another SHA-256 than the vector names; each vector is one test,
 * named by its id and the digest of its bytes, lightest world first.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { kitRoot } from '../../oracle/internal.js';
import { pinnedVectors, pinTestName, pinVector } from './pin-vector.js';

const all = pinnedVectors(join(kitRoot(), 'vectors'));
const small = all[0];

test('every query vector is pinned once, lightest fixture first, each test named by its id and bytes', () => {
  if (small === undefined) throw new Error('no vector');
  const ids = all.map((p) => p.vector.id);
  assert.is(new Set(ids).size, ids.length);
  assert.ok(ids.length >= 300, String(ids.length));
  for (let i = 1; i < all.length; i++)
    assert.ok((all[i - 1]?.fixtureSize ?? 0) <= (all[i]?.fixtureSize ?? 0), 'lightest first');
  assert.match(pinTestName(small.vector), new RegExp(`^${small.vector.id} [0-9a-f]{12}$`));
  const changed = { ...small.vector, expected: { result: `${small.vector.expected.result} ` } };
  assert.is.not(pinTestName(changed), pinTestName(small.vector));
});

test('the pin holds on a committed vector and names a wrong expected answer and a fixture hashed otherwise', () => {
  if (small === undefined) throw new Error('no vector');
  const fixture = new Uint8Array(readFileSync(small.fixturePath));
  assert.equal(pinVector(small.vector, fixture), []);
  const wrong = { ...small.vector, expected: { result: small.vector.expected.result.replace('\n', ' \n') } };
  assert.match(pinVector(wrong, fixture).join('\n'), /the answer differs from the expected bytes at byte \d+/);
  const other = { ...small.vector, fixture_sha256: '0'.repeat(64) };
  assert.match(pinVector(other, fixture).join('\n'), /the fixture hashes to [0-9a-f]{64}, the vector names 0{64}/);
});

test.run();
