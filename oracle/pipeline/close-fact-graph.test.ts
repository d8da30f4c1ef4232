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

// OQ-22 B (not the register's choice, so no vector runs it): a fact lists every key its dependencies reach, each once,
// breadth-first. Worked by hand: the diamond A -> B, C; B -> D; C -> D, and the cycle D -> A.
test('keysReached: every key reached once, breadth-first; a key with no node stands alone, first', () => {
  const X = node(hex(9));
  const E = node(hex(5));
  const g = closeFactGraph([
    fact(A, { depends_on: [B, C] }),
    fact(B, { depends_on: [D] }),
    fact(C, { depends_on: [D, E] }),
    fact(D, { depends_on: [A] }),
  ]);
  // X has no node: listed as asked, before the walk. A, asked twice, is walked once.
  assert.equal(g.keysReached([X, A, A]), [X, A, B, C, D, E]);
  // Two starts share one walk: C first, then A; D is reached from C before B is reached from A.
  assert.equal(g.keysReached([C, A]), [C, A, D, E, B]);
  // E is a node only as a dependency (no fact of its own); it reaches nothing further.
  assert.equal(g.keysReached([E]), [E]);
  assert.equal(g.keysReached([]), []);
  // The keys are the nodes' own: a source, kind and value.
  assert.equal(g.keysReached([D])[1], { source: 'live', kind: 'NodeId', value: hex(1) });
});

test.run();
