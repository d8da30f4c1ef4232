import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parseUnobservableClauses, readUnobservableClauses } from './unobservable-clauses.js';

const bytes = (text: string): Uint8Array => new TextEncoder().encode(text);

test('reads clause id to reason', () => {
  assert.equal(parseUnobservableClauses(bytes('{"KD-A-01": "why"}')), { ok: true, notes: { 'KD-A-01': 'why' } });
});

test('refuses a repeated key with its byte offset, invalid UTF-8, and non-string reasons', () => {
  assert.equal(parseUnobservableClauses(bytes('{"KD-A-01": "a", "KD-A-01": "b"}')), {
    ok: false,
    message: 'suites/unobservable-clauses.json repeats a key at byte 17',
  });
  assert.is(parseUnobservableClauses(new Uint8Array([0x7b, 0xff, 0x7d])).ok, false);
  assert.is(parseUnobservableClauses(bytes('{"KD-A-01": 3}')).ok, false);
  assert.is(parseUnobservableClauses(bytes('{"KD-A-01": ""}')).ok, false);
  assert.is(parseUnobservableClauses(bytes('["KD-A-01"]')).ok, false);
});

test('the kit file reads and names only register-shaped clause ids', () => {
  const read = readUnobservableClauses();
  assert.ok(read.ok);
  if (!read.ok) return;
  for (const id of Object.keys(read.notes)) assert.match(id, /^KD-[A-Z]+-\d\d$/);
  assert.ok('KD-TRUST-09' in read.notes);
});

test.run();
