import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { JsonObject } from '../canonical-json/json-value.js';
import { validateRequest } from './validate-request.js';
import { exampleRequest } from '../test-support/sample-records.js';
import type { DiscoveryRequestV1 } from './discovery-records.js';

const asJson = (r: DiscoveryRequestV1): JsonObject => r as unknown as JsonObject;
const edited = (edit: (r: DiscoveryRequestV1) => void): JsonObject => {
  const r = exampleRequest();
  edit(r);
  return asJson(r);
};

function failure(value: JsonObject): Array<[string, string, string | undefined]> {
  const r = validateRequest(value);
  assert.ok(!r.ok, 'expected the request to be rejected');
  return r.ok ? [] : r.violations.map((v) => [v.code, v.clause, v.pointer]);
}

test('the contract example request is valid and comes back typed', () => {
  const value = asJson(exampleRequest());
  const r = validateRequest(value);
  assert.ok(r.ok);
  if (r.ok) {
    assert.is(r.request.query.kind, 'type-and-operations');
    assert.is(r.request, value as unknown as DiscoveryRequestV1);
  }
});

test('schema failures come back as schema violations with their clause', () => {
  assert.equal(failure(edited((r) => ((r as unknown as Record<string, unknown>)['debug'] = true))), [
    ['schema', 'KD-REQ-01', '/debug'],
  ]);
  assert.equal(failure(edited((r) => (r.query.spelling = 'length'))), [['schema', 'KD-REQ-09', '/query/spelling']]);
  assert.equal(failure(edited((r) => (r.query.kind = 'explain-operation'))), [
    ['schema', 'KD-REQ-08', '/query/spelling'],
  ]);
});

test('scalar rules a schema cannot state: bytes, NFC, span order', () => {
  assert.equal(failure(edited((r) => (r.analysis.semantic_compatibility = '\u{1F600}'.repeat(65)))), [
    ['text-length', 'KD-SCALAR-05', '/analysis/semantic_compatibility'],
  ]);
  assert.equal(failure(edited((r) => Object.assign(r.query, { kind: 'explain-operation', spelling: 'e\u0301' }))), [
    ['not-nfc', 'KD-SCALAR-09', '/query/spelling'],
  ]);
  assert.equal(failure(edited((r) => (r.position.expression = { start: 80, end: 79 }))), [
    ['span-order', 'KD-SCALAR-11', '/position/expression/start'],
  ]);
});

test('an offset outside its span is not a record rule: it waits for the FileId check (KD-POS-03, KIT-01)', () => {
  const r = validateRequest(edited((x) => (x.position.byte_offset = 99)));
  assert.ok(r.ok);
});

test.run();
