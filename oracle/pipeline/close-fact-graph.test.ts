import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { closeFactGraph } from './close-fact-graph.js';
import { fact, node } from '../test-support/candidate.js';
import { hex } from '../test-support/ids.js';

const A = node(hex(1));
const B = node(hex(2));
const C = node(hex(3));
const D = node(hex(4));
const DIAG = hex(0xd1);

// KD-CLOSURE-08: a fact is at least as restrictive as every direct and transitive dependency.
test('chain: the most restrictive status reached wins', () => {
  const g = closeFactGraph([
    fact(A, { depends_on: [B] }),
    fact(B, { depends_on: [C] }),
    fact(C, { status: 'provisional' }),
    fact(D),
  ]);
  assert.is(g.statusOf(A), 'provisional');
  assert.is(g.statusOf(B), 'provisional');
  assert.is(g.statusOf(C), 'provisional');
  assert.is(g.statusOf(D), 'validated');
});

test('cycles are allowed and every member of the cycle takes the worst status on it', () => {
  const g = closeFactGraph([
    fact(A, { depends_on: [B] }),
    fact(B, { depends_on: [A, C] }),
    fact(C, { status: 'error', diagnostic_ids: [DIAG] }),
  ]);
  assert.is(g.statusOf(A), 'error');
  assert.is(g.statusOf(B), 'error');
  assert.equal(g.errorDiagnosticsReached([A]), [DIAG]);
  const lone = closeFactGraph([fact(A, { depends_on: [B] }), fact(B, { depends_on: [A] })]);
  assert.is(lone.statusOf(A), 'validated');
});

test('error outranks unavailable on different branches', () => {
  const g = closeFactGraph([
    fact(A, { depends_on: [B, C] }),
    fact(B, { status: 'unavailable' }),
    fact(C, { depends_on: [D] }),
    fact(D, { status: 'error', diagnostic_ids: [DIAG] }),
  ]);
  assert.is(g.statusOf(A), 'error');
  assert.is(g.statusOf(B), 'unavailable');
  assert.is(g.statusOf(C), 'error');
});

test('a key that names no node closes to unavailable (Decision), and so does what depends on it', () => {
  const g = closeFactGraph([fact(A, { depends_on: [B] })]);
  assert.is(g.statusOf(B), 'unavailable');
  assert.is(g.statusOf(A), 'unavailable');
  assert.equal(g.errorDiagnosticsReached([A, B]), []);
});

test('keys differ by source and kind, not only value', () => {
  const kif = { source: 'kif', kind: 'SymbolId', value: hex(1) } as const;
  const g = closeFactGraph([fact(A, { status: 'error', diagnostic_ids: [DIAG] }), fact(kif)]);
  assert.is(g.statusOf(kif), 'validated');
  assert.is(g.statusOf(A), 'error');
});

test('error diagnostics are those of the error nodes reached, not of other nodes', () => {
  const other = hex(0xd2);
  const g = closeFactGraph([
    fact(A, { depends_on: [B], diagnostic_ids: [other] }),
    fact(B, { status: 'error', diagnostic_ids: [DIAG] }),
  ]);
  assert.equal(g.errorDiagnosticsReached([A]), [DIAG]);
  assert.equal(g.errorDiagnosticsReached([]), []);
});

test('a 100,000-node chain closes without recursion', () => {
  const n = 100_000;
  const facts = [];
  for (let i = 0; i < n; i++) {
    facts.push(
      fact(node(hex(i)), {
        depends_on: i + 1 < n ? [node(hex(i + 1))] : [],
        status: i + 1 < n ? 'validated' : 'unavailable',
      }),
    );
  }
  const g = closeFactGraph(facts);
  assert.is(g.statusOf(node(hex(0))), 'unavailable');
});

test.run();
