import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readRequest } from './read-request.js';
import { bytes, requestText } from '../test-support/result-texts.js';

const kind = (text: string | Uint8Array): string => {
  const r = readRequest(typeof text === 'string' ? bytes(text) : text);
  return r.kind === 'valid'
    ? `valid ${r.canonical ? 'canonical' : 'layout'}`
    : `invalid ${r.cause.clause} ${r.cause.code}`;
};

test('the canonical request is valid', () => {
  assert.is(kind(requestText()), 'valid canonical');
  assert.is(kind(requestText({ kind: 'explain-operation', spelling: 'size' })), 'valid canonical');
});

test('record rules make a request invalid (KD-REQ-08/09, KD-SCALAR-11)', () => {
  assert.is(kind(requestText({ spelling: 'size' })), 'invalid KD-REQ-09 schema');
  assert.is(kind(requestText({ kind: 'explain-operation' })), 'invalid KD-REQ-08 schema');
  assert.is(kind(requestText().replace('"start": 43', '"start": 60')), 'invalid KD-SCALAR-11 span-order');
});

test('layout-only deviations read as the canonical request (OQ-03 B alternative)', () => {
  assert.is(kind(requestText().replace('"generation": 17', '"generation":  17')), 'valid layout');
  assert.is(kind(requestText().slice(0, -1)), 'valid layout');
  assert.is(kind(requestText().replace(/\n/g, '\r\n')), 'valid layout');
});

test('a BOM and an escape are no layout: the request is invalid by their clauses (KD-CANON-01, KD-CANON-09)', () => {
  // L358: UTF-8 without BOM; L363: " and \\ use only \\" and \\\\, all other permitted Unicode is literal. The vectors'
  // lenient-layout alternative covers whitespace, key order and line ends only, and so does the reading.
  assert.is(kind(`\ufeff${requestText()}`), 'invalid KD-CANON-01 bom');
  assert.is(kind(requestText().replace('"stage2-v1"', '"stage2\\u002dv1"')), 'invalid KD-CANON-09 escape');
  assert.is(kind(requestText().replace('request/v1', 'request\\/v1')), 'invalid KD-CANON-09 escape');
});

test('faults a lenient parser would hide keep the request invalid', () => {
  // A duplicate key behind an earlier layout fault.
  const dup = requestText().replace('"generation": 17,', '"generation":  17,\n    "generation": 17,');
  assert.is(kind(dup), 'invalid KD-CANON-13 layout');
  assert.is(kind(requestText().replace('"generation": 17', '"generation": 17.0')), 'invalid KD-CANON-03 float');
  // A control character spelled as an escape.
  assert.is(kind(requestText().replace('"stage2-v1"', '"stage2\\u0007v1"')), 'invalid KD-CANON-09 escape');
  assert.is(kind(new Uint8Array(65537).fill(0x20)), 'invalid KD-LIMIT-02 size');
});

test.run();
