import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { encodeCanonical } from '../oracle/canonical-json/encode-canonical.js';
import type { JsonObject } from '../oracle/canonical-json/json-value.js';
import type { QueryCase } from './case-definition.js';
import { invalidCases, replaceOnce } from './invalid.js';

const cases = invalidCases();
const raw = (id: string): Uint8Array => {
  const c = cases.find((x) => x.id === id);
  if (c === undefined || !('bytes' in c.request)) throw new Error(`no raw case ${id}`);
  return c.request.bytes;
};
const hex = (b: Uint8Array): string => Buffer.from(b).toString('hex');

test('raw requests hold the byte sequences they are about', () => {
  assert.equal([...raw('invalid/utf8-bom').slice(0, 3)], [0xef, 0xbb, 0xbf]);
  assert.ok(hex(raw('invalid/overlong-utf8')).includes('c0af'));
  assert.ok(hex(raw('invalid/encoded-surrogate')).includes('eda080'));
  assert.ok(hex(raw('invalid/truncated-utf8')).includes('e28222'));
  assert.ok(hex(raw('invalid/crlf-line-ends')).includes('0d0a'));
  assert.is(raw('invalid/empty-input').length, 0);
  const text = new TextDecoder().decode(raw('invalid/u32-out-of-range'));
  assert.match(text, '"byte_offset": 4294967296,');
  assert.match(new TextDecoder().decode(raw('invalid/non-nfc-string')), 'cafe\u0301');
});

test('every raw request differs from every canonical request of the category', () => {
  const canonical = new Set(
    cases
      .filter((c) => 'record' in c.request)
      .map((c) => hex(encodeCanonical((c.request as { record: object }).record as JsonObject))),
  );
  for (const c of cases) if ('bytes' in c.request) assert.not.ok(canonical.has(hex(c.request.bytes)), c.id);
});

test('replaceOnce refuses a missing or repeated needle', () => {
  assert.is(replaceOnce('abc', 'b', 'x'), 'axc');
  assert.throws(() => replaceOnce('abc', 'z', 'x'));
  assert.throws(() => replaceOnce('abab', 'a', 'x'));
});

test.run();
