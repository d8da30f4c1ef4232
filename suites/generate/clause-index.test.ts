import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parseClauseRegister } from './clause-index.js';

const REGISTER = [
  '# Clause register',
  '',
  '| ID | Clause | Categories | Black-box testable? | Ambiguity note |',
  '|---|---|---|---|---|',
  '| KD-TRUST-04 | [L27] Every result contains "authoritative": false. | schema, ' +
    'complete | yes — invariant on every result. | — |',
  '| KD-KEY-07 | [L92] Paths are not key inputs. | canonical-order, digest | with-fixture — move the checkout. | — |',
  '| KD-TRUST-05 | [L27] Not authority. | schema | no — binds consumers. | OQ-41 |',
  '',
  '| AREA | Count |',
  '|---|---|',
  '| TRUST | 12 |',
].join('\n');

test('register rows become entries with testability from the first word of the column', () => {
  const entries = parseClauseRegister(REGISTER);
  assert.equal(
    entries.map((e) => [e.id, e.testability, e.categories]),
    [
      ['KD-TRUST-04', 'yes', ['schema', 'complete']],
      ['KD-KEY-07', 'with-fixture', ['canonical-order', 'digest']],
      ['KD-TRUST-05', 'no', ['schema']],
    ],
  );
  assert.is(entries[2]?.ambiguity, 'OQ-41');
  assert.is(entries[0]?.text, '[L27] Every result contains "authoritative": false.');
});

test('a row with a missing cell or no testability is refused', () => {
  assert.throws(() => parseClauseRegister('| KD-A-01 | text | schema | yes |'));
  assert.throws(() => parseClauseRegister('| KD-A-01 | text | schema | maybe | — |'));
  assert.throws(() => parseClauseRegister('no table'));
});

test.run();
