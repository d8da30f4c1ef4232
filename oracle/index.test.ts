import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createHash } from 'node:crypto';
import { interfaceSetDigest, decodeCanonical, encodeCanonicalText } from './index.js';

// The package entry point exposes the oracle's pieces; one end-to-end use of each
// family, with expected values from the contract text.
test('the package export digests the empty interface set as the contract frames it', () => {
  const domain = 'kofun.discovery.interface-set/v1';
  const frame = Buffer.concat([
    Buffer.from('KOFUN\0', 'latin1'),
    Buffer.from([0, domain.length]),
    Buffer.from(domain, 'ascii'),
    Buffer.from([0, 0, 0, 4]),
    Buffer.from([0, 0, 0, 0]),
  ]);
  const expected = createHash('sha256').update(frame).digest('hex');
  const got = interfaceSetDigest([]);
  assert.ok(got.ok);
  if (got.ok) assert.is(got.digest, expected);
});

test('the package export round-trips a canonical object', () => {
  const text = '{\n  "a": [],\n  "b": 1\n}\n';
  const decoded = decodeCanonical(new TextEncoder().encode(text));
  assert.ok(decoded.ok);
  if (decoded.ok) assert.is(encodeCanonicalText(decoded.value), text);
});

test.run();
