import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readVectorTree, vectorTreeOf } from '../../runner/internal.js';
import { registerProblems } from './check-vectors.js';
import { interpretationsRegister, type RegisterEntry } from '../../oracle/index.js';
import { registerIds } from './kit-registers.js';

const utf8 = new TextEncoder();
const vector = (id: string, interpretations: string[], alternativeOf?: string): Uint8Array =>
  utf8.encode(
    JSON.stringify({
      id,
      interpretations,
      request: { encoding: 'utf8', data: '{}\n' },
      expected: { result: '{}\n', sha256: '' },
      acceptable:
        alternativeOf === undefined ? [] : [{ name: 'alt', interpretation: alternativeOf, result: '{}\n', sha256: '' }],
    }),
  );
const LAWFUL = { contract_allows: true, lines: ['L1'], fails_closed: true };
const entry = (id: string, extra: Partial<RegisterEntry>): RegisterEntry => ({
  id,
  title: id,
  question: 'q',
  choice: 'A',
  why: 'x',
  notes: [],
  fails_closed: true,
  alternative_outcome: null,
  clauses: [],
  readings: [{ label: 'A', text: 'a', ...LAWFUL }],
  changes_result_bytes: false,
  unchanged_bytes_reason: 'A rule of the fixture format.',
  ...extra,
});

test('an entry that changes result bytes needs a vector naming it, by id, alias or alternative', () => {
  const tree = vectorTreeOf(
    new Map([
      ['a/one.json', vector('a/one', ['KIT-01'])],
      ['a/two.json', vector('a/two', ['KIT-99'])],
      ['a/three.json', vector('a/three', [], 'KIT-03')],
    ]),
  );
  const register = [
    entry('KIT-01', { changes_result_bytes: true }),
    entry('KIT-02', { changes_result_bytes: true, aliases: ['KIT-99'] }),
    entry('KIT-03', { changes_result_bytes: true }),
    entry('KIT-04', { changes_result_bytes: true }),
    entry('KIT-05', { changes_result_bytes: false, unchanged_bytes_reason: 'A rule of the fixture format.' }),
    entry('KIT-06', { changes_result_bytes: false, unchanged_bytes_reason: ' ' }),
  ];
  assert.equal(registerProblems(register, tree), [
    'oracle/interpretations.json: KIT-04 changes result bytes, but no vector names it',
    'oracle/interpretations.json: KIT-06 says it changes no result bytes, but gives no reason',
  ]);
});

test('another reading the contract allows that fails closed needs a carried alternative or a law_because', () => {
  const tree = vectorTreeOf(new Map([['a/one.json', vector('a/one', ['KIT-01'], 'KIT-02')]]));
  const two = [
    { label: 'A', text: 'a', ...LAWFUL },
    { label: 'B', text: 'b', ...LAWFUL },
    { label: 'C', text: 'c', contract_allows: false, lines: ['L2'], fails_closed: true },
  ];
  const register = [
    entry('KIT-01', { readings: two }),
    entry('KIT-02', { readings: two, alternative_outcome: { name: 'alt', reading: 'B', text: 't' } }),
    entry('KIT-03', { readings: two, law_because: 'B could only differ by check order.' }),
    entry('KIT-04', { readings: two, alternative_outcome: { name: 'never-carried', reading: 'B', text: 't' } }),
    entry('KIT-05', { choice: 'C', readings: two, law_because: 'x' }),
  ];
  assert.equal(registerProblems(register, tree), [
    'oracle/interpretations.json: KIT-01 leaves reading B allowed and failing closed, ' +
      'with no alternative accepting it and no law_because',
    'oracle/interpretations.json: KIT-04 names the alternative never-carried, but no vector carries it',
    'oracle/interpretations.json: KIT-05 chooses C, which is not a reading the contract allows that fails closed',
  ]);
});

test('the shipped register holds for the committed vectors, and aliases are unique ids', () => {
  const register = interpretationsRegister();
  assert.equal(registerProblems(register, readVectorTree()), []);
  const names = register.flatMap((e) => [e.id, ...(e.aliases ?? [])]);
  assert.is(registerIds(register).size, names.length, 'no alias repeats an entry id or another alias');
});

test.run();
