import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { elementIdentity, shortenIds } from './element-identity.js';

const A = 'a'.repeat(64);
const B = 'b'.repeat(64);

test('an operation row is its SymbolId and ImplementationId, then its qualified name (KD-ORDER-05/06)', () => {
  const row = {
    identity: { kind: 'SymbolId', value: A },
    origin: { implementation_identity: { kind: 'ImplementationId', value: B }, kind: 'function' },
    qualified_name: 'std.list.contains',
    display_name: 'contains',
    source: null,
  };
  assert.is(elementIdentity(row), `${A} impl ${B} "std.list.contains"`);
  // A null ImplementationId says nothing.
  assert.is(elementIdentity({ ...row, origin: { implementation_identity: null } }), `${A} "std.list.contains"`);
});

test('rows without an identity object are named by the fields their order sorts by', () => {
  // KD-ORDER-01/02: (source, kind, value); the status is not part of the key.
  assert.is(elementIdentity({ kind: 'SymbolId', source: 'kif', status: 'validated', value: A }), `kif SymbolId ${A}`);
  // KD-ORDER-04 with a null identity: kind, then display.
  assert.is(
    elementIdentity({ display: 'Text: Eq', identity: null, kind: 'trait-bound', status: 'validated' }),
    'trait-bound "Text: Eq"',
  );
  // KD-ORDER-08: (reason, requested_spelling); a null spelling is left out.
  assert.is(elementIdentity({ reason: 'not-imported', requested_spelling: 'len' }), 'not-imported len');
  assert.is(elementIdentity({ reason: 'limit-exhausted', requested_spelling: null }), 'limit-exhausted');
  // KD-ORDER-09: diagnostic ID, then code.
  assert.is(elementIdentity({ id: 'd1', code: 'E1', severity: 'error' }), 'd1 E1');
  // A scalar is its JSON text; an element with no key is its JSON text, cut at 60 characters.
  assert.is(elementIdentity('x'), '"x"');
  assert.is(elementIdentity({ other: 'y'.repeat(80) }), `{"other":"${'y'.repeat(50)}…`);
});

test('ids are cut to the shortest prefix of at least 8 digits that tells every id of the lists apart', () => {
  const near1 = `0123456789${'0'.repeat(54)}`;
  const near2 = `0123456788${'0'.repeat(54)}`;
  // The two ids share nine digits: ten tell them apart.
  assert.equal(shortenIds([[`${near1} "f"`], [near2]]), [['0123456789… "f"'], ['0123456788…']]);
  assert.equal(shortenIds([[A, B]]), [['aaaaaaaa…', 'bbbbbbbb…']]);
  // One id alone is cut to eight digits too; text without ids is left as it is.
  assert.equal(shortenIds([['"x"', A]]), [['"x"', 'aaaaaaaa…']]);
});

test.run();
