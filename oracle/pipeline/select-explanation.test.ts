import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { addReason, newVerdict } from './candidate-verdict.js';
import { selectExplanation } from './select-explanation.js';
import { candidate } from '../test-support/candidate.js';

const applicable = (n: number) => newVerdict(candidate(n, { display_name: 'f' }), true);
const mismatch = (n: number) => {
  const v = newVerdict(candidate(n, { display_name: 'f' }), false);
  addReason(v, 'type-mismatch');
  return v;
};

// KIT-05, OQ-34 A
test('the first applicable candidate; ambiguous when two or more apply', () => {
  const [m1, a2, a3] = [mismatch(1), applicable(2), applicable(3)];
  assert.equal(selectExplanation([m1, a2]), { verdict: a2, ambiguous: false });
  assert.equal(selectExplanation([m1, a2, a3]), { verdict: a2, ambiguous: true });
});

test('without an applicable candidate, the first mismatching one; nothing when none', () => {
  const [m1, m2] = [mismatch(1), mismatch(2)];
  assert.equal(selectExplanation([m1, m2]), { verdict: m1, ambiguous: false });
  assert.is(selectExplanation([]), null);
});

test.run();
