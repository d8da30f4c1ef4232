import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { allCases } from './all-cases.js';
import type { QueryCase } from './case-definition.js';
import { NON_VALIDATED_PUBLIC_EFFECTS } from './reading-alternatives.js';

const queries = allCases().filter((c): c is QueryCase => c.kind === 'query');
const carries = (c: QueryCase): boolean =>
  (c.alternatives ?? []).some((a) => a.name === NON_VALIDATED_PUBLIC_EFFECTS.name && a.reading === 'A');

// KIT-12 A (L298, L300): a general query whose row has a public effect that is not validated may list it.
test('general queries over a public non-validated effect accept KIT-12 A and name the entry', () => {
  for (const id of ['effect/non-validated-effect-held', 'effect/non-validated-effect-missing']) {
    const c = queries.find((q) => q.id === id);
    assert.ok(c !== undefined && carries(c), id);
    assert.ok(c?.interpretations.includes('KIT-12'), id);
  }
});

// L421: an explanation reports only a public validated requirement, so it carries no such alternative.
test('no explanation and no world without a public effect carries the KIT-12 alternative', () => {
  for (const c of queries) {
    const publicEffect = c.fixture.candidates.some((d) => d.effects.some((e) => e.public));
    if (carries(c)) {
      assert.ok('record' in c.request && c.request.record.query.kind !== 'explain-operation', c.id);
      assert.ok(publicEffect, c.id);
    }
  }
});

test.run();
