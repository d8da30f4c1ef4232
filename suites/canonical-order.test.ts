import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { encodeCanonical } from '../oracle/canonical-json/encode-canonical.js';
import type { JsonObject } from '../oracle/canonical-json/json-value.js';
import { evaluateQuery } from '../oracle/pipeline/evaluate-query.js';
import { failClosedCases } from './fail-closed-cases.js';
import { loaded } from './fixtures/request-for.js';

test('identity-less requirements at the surrogate range edges are listed in code point order (KD-ORDER-04)', () => {
  const id = 'canonical-order/null-identity-requirements-surrogate-range-edges';
  const c = failClosedCases().find((x) => x.id === id);
  if (c === undefined || !('record' in c.request)) throw new Error('the case is missing');
  const answer = evaluateQuery(encodeCanonical(c.request.record as unknown as JsonObject), loaded(c.fixture));
  const result = JSON.parse(new TextDecoder().decode(answer)) as {
    operations: { generic_requirements: { display: string }[] }[];
  };
  // Worked by hand: UTF-8 bytes ED 9E A3 < EE 80 80 < EF BC A1 < F0 90 80 80, while UTF-16 puts U+10000 (D800)
  // before U+E000 and U+FF21.
  assert.equal(
    result.operations[0]?.generic_requirements.map((g) => g.display),
    ['Mark = \u{D7A3}', 'Mark = \u{E000}', 'Mark = \u{FF21}', 'Mark = \u{10000}'],
  );
});

test.run();
