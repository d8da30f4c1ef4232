import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { verifyEdited, type Json } from '../test-support/edit-golden.js';

// An empty string is not null: every nullable text of a result written "" where the contract wants null, or where
// its scalar type has no empty value, is named by the rule it breaks, worked from the contract by hand. (The
// request's one nullable text, the spelling, is the invalid/spelling-empty* vectors'.)

const CALLABLE = 'complete/explain-callable-operation'; // one validated callable row, documentation disclosed

test('a Signature, a Name and a documentation link have no empty value (KD-SCALAR-08, KD-SCALAR-05, KD-OP-07)', () => {
  // L67: Signature is 1-16,384 bytes; the row's signature is also not the compiler's.
  assert.equal(
    verifyEdited(CALLABLE, (r) => ((r.operations[0] as Json).signature = '')),
    [
      'KD-DISCLOSE-03 row-field-mismatch at /operations/0/signature',
      'KD-SCALAR-08 schema at /operations/0/signature',
      'KD-SCALAR-08 text-length at /operations/0/signature',
    ],
  );
  // L287: kofun-doc: followed by 64 hex characters (pattern and length), and not the compiler's attachment.
  assert.equal(
    verifyEdited(CALLABLE, (r) => ((r.operations[0] as Json).documentation = '')),
    [
      'KD-DISCLOSE-04 row-field-mismatch at /operations/0/documentation',
      'KD-OP-07 schema at /operations/0/documentation',
      'KD-OP-07 schema at /operations/0/documentation',
    ],
  );
  // L313: a function origin's trait is null; L64: a Name is 1-256 bytes.
  assert.equal(
    verifyEdited(CALLABLE, (r) => ((r.operations[0] as Json).origin.trait = '')),
    [
      'KD-ORIGIN-08 schema at /operations/0/origin/trait',
      'KD-SCALAR-05 schema at /operations/0/origin/trait',
      'KD-SCALAR-05 text-length at /operations/0/origin/trait',
    ],
  );
});

test('a fact that shows no value writes null, never "" (KD-CLOSURE-11, KD-TYPE-02, KD-OMIT-06)', () => {
  // L250: a validated type has a null reason.
  assert.equal(
    verifyEdited(CALLABLE, (r) => ((r.type as Json).reason = '')),
    ['KD-TYPE-02 validated-type-with-reason at /type/reason'],
  );
  // L233, OQ-25 A: an unavailable row has a null signature, not an empty one (and "" is not the compiler's either).
  assert.equal(
    verifyEdited('partial/operation-chain-unavailable', (r) => ((r.operations[0] as Json).signature = '')),
    [
      'KD-CLOSURE-11 unavailable-row-with-signature at /operations/0/signature',
      'KD-DISCLOSE-03 row-field-mismatch at /operations/0/signature',
      'KD-SCALAR-08 text-length at /operations/0/signature',
    ],
  );
  // L339: a general query's omission spelling is null; "" is no Spelling either (L68).
  assert.equal(
    verifyEdited('hidden/general-private-current-file', (r) => ((r.omissions[0] as Json).requested_spelling = '')),
    [
      'KD-OMIT-06 omission-spelling-in-general-query at /omissions/0/requested_spelling',
      'KD-SCALAR-09 text-length at /omissions/0/requested_spelling',
    ],
  );
  // A Display may be empty (L66), but the provisional type's display is the compiler's placeholder _T1 (KD-TYPE-08).
  assert.equal(
    verifyEdited('partial/unconstrained-t1', (r) => ((r.type as Json).display = '')),
    ['KD-TYPE-08 type-display-mismatch at /type/display'],
  );
});

test.run();
