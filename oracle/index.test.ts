import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as api from './index.js';
import { interfaceSetDigest, decodeCanonical, encodeCanonicalText } from './index.js';
import { kitRoot } from './internal.js';

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

test("the package export keeps the kit's machinery out, and the exports map names no internal entry", () => {
  // Builders of the kit's own files and helpers of its generation: no provider author calls them.
  const internals = [
    'FixtureBuilder',
    'variant',
    'factKey',
    'bindWorld',
    'buildFromLoaded',
    'MAX_FIXTURE_FILE_BYTES',
    'vectorSetFrame',
    'queryVectorFile',
    'manifestFile',
    'checkRuntimeUnicode',
    'parseJsonInput',
    'readJsonInputFile',
  ];
  for (const name of internals) assert.not.ok(name in api, `${name} is exported by oracle/index.ts`);
  const pkg = JSON.parse(readFileSync(join(kitRoot(), 'package.json'), 'utf8')) as { exports: Record<string, unknown> };
  const targets = JSON.stringify(pkg.exports);
  assert.not.match(targets, 'internal');
});

test.run();
