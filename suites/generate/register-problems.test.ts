import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readVectorTree, vectorTreeOf } from '../../runner/vectors/load-vector.js';
import { registerProblems } from './check-vectors.js';
import { readInterpretations, registerIds, type InterpretationEntry } from './kit-registers.js';

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
const entry = (id: string, extra: Partial<InterpretationEntry>): InterpretationEntry => ({
  id,
  title: id,
  choice: 'A',
  why: 'x',
  clauses: [],
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

test('the shipped register holds for the committed vectors, and aliases are unique ids', () => {
  const register = readInterpretations();
  assert.equal(registerProblems(register, readVectorTree()), []);
  const names = register.flatMap((e) => [e.id, ...(e.aliases ?? [])]);
  assert.is(registerIds(register).size, names.length, 'no alias repeats an entry id or another alias');
});

test.run();
