import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { disclosureScopeCases, HIDDEN_SERIES } from './disclosure-scope-cases.js';
import { memberSymbolId } from './fixtures/candidate-series.js';
import { loaded } from './fixtures/request-for.js';

const [seriesCase] = disclosureScopeCases();

// KIT-10 (canonical order is SymbolId bytes): the hidden member a visible row depends on stands at position 0, so the
// vector tells a position test of `>= 0` from one of `> 0` (what the seed was chosen for).
test('the hidden series member the fingerprint row depends on is the first candidate in canonical order', () => {
  if (seriesCase === undefined) throw new Error('no series case');
  const list = loaded(seriesCase.fixture).candidatesInOrder;
  const member = memberSymbolId(HIDDEN_SERIES.seed, HIDDEN_SERIES.first);
  assert.is(list.identityAt(0), member);
  for (let k = 1; k < list.length; k++) assert.ok(list.identityAt(k) > member, `position ${k}`);
  const fingerprint = seriesCase.fixture.candidates.find((c) => c.display_name === 'fingerprint');
  assert.ok(fingerprint?.dependencies.some((d) => d.kind === 'SymbolId' && d.value === member));
});

test.run();
