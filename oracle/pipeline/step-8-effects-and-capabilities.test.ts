import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { newVerdict } from './candidate-verdict.js';
import { closeFactGraph } from './close-fact-graph.js';
import { Readings } from './readings.js';
import { effectsAndCapabilities } from './step-8-effects-and-capabilities.js';
import { candidate, effect } from '../test-support/candidate.js';
import { hex } from '../test-support/ids.js';

const graph = closeFactGraph([]);

// KIT-06, KIT-04, KD-EFFECT-05/06/07
test('a missing public effect rejects; a held non-public one is not listed but bounds the status', () => {
  const net = effect(0x61, { display: 'net' });
  const secret = effect(0x62, { public: false, status: 'provisional' });
  const v = newVerdict(candidate(1, { effects: [net, secret] }), true);
  assert.is(effectsAndCapabilities([{ kind: 'SymbolId', value: hex(0x62) }], graph)(v), null);
  assert.equal(v.reasons, ['missing-effect']);
  assert.equal(
    v.effects.map((e) => e.record),
    [{ identity: { kind: 'SymbolId', value: hex(0x61) }, display: 'net', status: 'validated' }],
  );
  assert.is(v.undisclosedStatus, 'provisional');
});

// L421, KIT-06 B: the operation is visible, so it is shown unavailable; the non-public record is not.
test('a missing non-public effect rejects with missing-effect and is not listed', () => {
  const v = newVerdict(candidate(2, { effects: [effect(0x61), effect(0x62, { public: false })] }), true);
  assert.is(effectsAndCapabilities([{ kind: 'SymbolId', value: hex(0x61) }], graph)(v), null);
  assert.equal(v.reasons, ['missing-effect']);
  assert.equal(
    v.effects.map((e) => e.record.identity.value),
    [hex(0x61)],
  );
  assert.is(v.undisclosedStatus, 'validated');
});

// L421 ("only a public validated requirement"), KIT-12 B.
test('a public effect that is not validated is not listed, but its status bounds the row', () => {
  const v = newVerdict(candidate(5, { effects: [effect(0x61, { status: 'error' })] }), true);
  assert.is(effectsAndCapabilities([], graph)(v), null);
  assert.equal(v.reasons, ['missing-effect']);
  assert.equal(v.effects, []);
  assert.is(v.undisclosedStatus, 'error');
});

test('a held public effect passes; capabilities match on kind and value', () => {
  const ok = newVerdict(candidate(3, { effects: [effect(0x61)] }), true);
  assert.is(effectsAndCapabilities([{ kind: 'SymbolId', value: hex(0x61) }], graph)(ok), null);
  assert.equal(ok.reasons, []);
  const typed = newVerdict(candidate(4, { effects: [effect(0x61)] }), true);
  effectsAndCapabilities([{ kind: 'TypeId', value: hex(0x61) }], graph)(typed);
  assert.equal(typed.reasons, ['missing-effect']);
});

// KIT-12 A (L298, L300): a general query may list a public effect whatever its closed status; L421 keeps an
// explanation to "only a public validated requirement" under every reading. The query kind defaults to general.
test('under KIT-12 A a general query lists a public provisional effect, an explanation does not', () => {
  const a = Readings.kit().with('KIT-12', { label: 'A' });
  const held = [{ kind: 'SymbolId' as const, value: hex(0x61) }];
  const general = newVerdict(
    candidate(6, { effects: [effect(0x61, { status: 'provisional', display: 'net' })] }),
    true,
  );
  assert.is(effectsAndCapabilities(held, graph, a)(general), null);
  assert.equal(
    general.effects.map((e) => e.record),
    [{ identity: { kind: 'SymbolId', value: hex(0x61) }, display: 'net', status: 'provisional' }],
  );
  assert.is(general.undisclosedStatus, 'validated');
  const explained = newVerdict(candidate(6, { effects: [effect(0x61, { status: 'provisional' })] }), true);
  assert.is(effectsAndCapabilities(held, graph, a, true)(explained), null);
  assert.equal(explained.effects, []);
  assert.is(explained.undisclosedStatus, 'provisional');
});

test.run();
