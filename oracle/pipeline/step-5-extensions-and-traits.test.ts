import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { newVerdict } from './candidate-verdict.js';
import { extensionsAndTraits } from './step-5-extensions-and-traits.js';
import { candidate, origin } from '../test-support/candidate.js';
import { hex } from '../test-support/ids.js';

// OQ-19 A, KD-LOOKUP-11
test('extension and trait origins are unsupported-in-profile; function and member pass', () => {
  const stage = extensionsAndTraits();
  const judge = (over: Parameters<typeof origin>[0]) => stage(newVerdict(candidate(1, { origin: origin(over) }), true));
  assert.is(judge({ kind: 'function' }), null);
  assert.is(judge({ kind: 'member' }), null);
  assert.is(judge({ kind: 'extension', implementation_identity: hex(9) }), 'unsupported-in-profile');
  assert.is(
    judge({ kind: 'trait', trait: 'Show', trait_identity: { kind: 'SymbolId', value: hex(8) } }),
    'unsupported-in-profile',
  );
});

test.run();
