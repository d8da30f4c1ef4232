// Which keys a fact lists (OQ-22): A, the register's choice, its direct keys as given; B, every key they reach, each
// once, breadth-first. Worked by hand on the chain A -> B -> C with D beside it. An empty list asks no reading, so a
// fact without dependencies does not rest on OQ-22.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { closeFactGraph } from './close-fact-graph.js';
import { listedDependencyKeys } from './dependency-refs.js';
import { Readings } from './readings.js';
import { fact, node } from '../test-support/candidate.js';
import { hex } from '../test-support/ids.js';

const A = node(hex(1));
const B = node(hex(2));
const C = node(hex(3));
const D = node(hex(4));
const graph = closeFactGraph([fact(A, { depends_on: [B] }), fact(B, { depends_on: [C] }), fact(C), fact(D)]);

test('OQ-22 A lists the direct keys as given; B every key they reach, breadth-first', () => {
  const a = Readings.kit().with('OQ-22', { label: 'A' });
  const b = Readings.kit().with('OQ-22', { label: 'B' });
  assert.equal(listedDependencyKeys([A, D], graph, a), [A, D]);
  assert.equal(listedDependencyKeys([A, D], graph, b), [A, D, B, C]);
  assert.equal(listedDependencyKeys([B], graph, b), [B, C]);
});

test('an empty list is listed as it is, and asks no reading of OQ-22', () => {
  for (const label of ['A', 'B']) {
    const tracked = Readings.kit().with('OQ-22', { label }).tracked();
    assert.equal(listedDependencyKeys([], graph, tracked), []);
    assert.not.ok(tracked.asked().has('OQ-22'), label);
  }
  const asked = Readings.kit().with('OQ-22', { label: 'A' }).tracked();
  listedDependencyKeys([A], graph, asked);
  assert.ok(asked.asked().has('OQ-22'), 'a fact with dependencies rests on OQ-22');
});

test.run();
