import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { verifyEdited } from '../test-support/edit-golden.js';

// hidden/source-documentation-and-locations: a partial result with two compiler diagnostics; the first's fallback
// text is "token borrowed by another module".

const ID = 'hidden/source-documentation-and-locations';

const withText = (text: string): string[] =>
  verifyEdited(ID, (r) => {
    r.diagnostics[0].fallback_text = text;
  });

test('the unedited golden is clean', () => {
  assert.equal(
    verifyEdited(ID, () => {}),
    [],
  );
});

test('KD-DISCLOSE-07: no text counts hidden candidates, whatever the count', () => {
  // L389: a result cannot return "even a hidden-candidate count". The text is also not the compiler's (KD-DIAG-04).
  const rewritten = 'KD-DIAG-04 diagnostic-field-mismatch at /diagnostics/0/fallback_text';
  const leak = 'KD-DISCLOSE-07 hidden-count-leak at /diagnostics/0/fallback_text';
  for (const text of [
    'token borrowed by another module (3 hidden candidates)',
    'token borrowed by another module; 2 operations are private',
    'token borrowed by another module [hidden: 1]',
    'token borrowed by another module, 4 more not imported',
  ])
    assert.equal(withText(text), [rewritten, leak], text);
});

test('a rewritten text that counts nothing hidden is only not the compiler text', () => {
  for (const text of [
    'token borrowed by 3 other modules',
    'token hidden behind another module',
    'hidden-by-visibility: token borrowed',
  ])
    assert.equal(withText(text), ['KD-DIAG-04 diagnostic-field-mismatch at /diagnostics/0/fallback_text'], text);
});

test('KD-OMIT-07: an omission carries no count either', () => {
  const found = verifyEdited(ID, (r) => {
    r.omissions = [{ reason: 'hidden-by-visibility', requested_spelling: '2 hidden' }];
  });
  assert.ok(found.includes('KD-OMIT-07 hidden-count-leak at /omissions/0/requested_spelling'), found.join('\n'));
});

test.run();
