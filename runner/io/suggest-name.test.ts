import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { suggestName } from './suggest-name.js';

const categories = ['canonical-order', 'complete', 'effect', 'hidden', 'invalid', 'release-cost', 'stale'];

test('a typo finds the name one or two edits away', () => {
  assert.is(suggestName('stal', categories), 'stale');
  assert.is(suggestName('relese-cost', categories), 'release-cost');
  assert.is(suggestName('canonical_order', categories), 'canonical-order');
});

test('no suggestion for an exact name, an empty name, or a name that is not a typo of any', () => {
  assert.is(suggestName('stale', categories), undefined);
  assert.is(suggestName('', categories), undefined);
  assert.is(suggestName('zzzzzz', categories), undefined);
  assert.is(suggestName('x', []), undefined);
});

test.run();
