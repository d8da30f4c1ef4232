import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { golden, verifyEdited, type Json } from '../test-support/edit-golden.js';

// Each test edits one committed golden result the way a broken provider would and names, worked
// from the contract by hand, the rule the edit breaks. The unedited results are verifier-clean
// (vectors:check); the first test holds that for every vector used here.

const USED = [
  'ownership/permits-edit-include-unavailable',
  'effect/network-authority-missing-on-request',
  'complete/list-text-operations',
  'partial/unconstrained-t1-include-unavailable',
  'partial/unconstrained-t1',
  'hidden/general-private-current-file',
  'complete/explain-operation-with-requirement',
  'effect/several-effects-one-missing',
  'partial/operation-chain-error',
  'complete/list-text-type',
  'partial/cancelled-before-analysis',
  'complete/non-validated-rows-dropped-by-default',
  'effect/non-public-effect-missing',
  'effect/explain-non-public-effect-missing',
];

test('the unedited golden results are clean', () => {
  for (const id of USED) {
    assert.equal(
      verifyEdited(id, () => {}),
      [],
      id,
    );
  }
});

test('KD-OWN-05: a take-only operation is not callable on a receiver that permits edit but not take', () => {
  const found = verifyEdited('ownership/permits-edit-include-unavailable', (r) => {
    const row = r.operations[0]; // into_iter, receiver_mode take
    row.availability = 'callable';
    row.rejection_reasons = [];
  });
  assert.equal(found, ['KD-OWN-05 callable-despite-rejection at /operations/0/availability']);
});

test('KD-OWN-05, KD-OWN-06: a rejection changed to another requires-* is both missing and unfounded', () => {
  const found = verifyEdited('ownership/permits-edit-include-unavailable', (r) => {
    r.operations[0].rejection_reasons = ['requires-edit'];
  });
  assert.equal(found, [
    'KD-OWN-05 rejection-missing at /operations/0/rejection_reasons',
    'KD-OWN-06 rejection-unfounded at /operations/0/rejection_reasons',
  ]);
});

test('KD-OWN-06: a false requires-read on a receiver that permits read', () => {
  const found = verifyEdited('complete/list-text-operations', (r) => {
    const row = r.operations[1]; // length, receiver_mode read
    row.availability = 'unavailable';
    row.rejection_reasons = ['requires-read'];
  });
  assert.equal(found, [
    'KD-OWN-06 rejection-unfounded at /operations/1/rejection_reasons',
    'KD-REQ-07 unrequested-unavailable-row at /operations/1/availability',
  ]);
});

test('KD-EFFECT-05: an operation whose required capability is missing is not callable', () => {
  const found = verifyEdited('effect/network-authority-missing-on-request', (r) => {
    const row = r.operations[2]; // fetch needs net.Network, not held
    row.availability = 'callable';
    row.rejection_reasons = [];
  });
  assert.equal(found, ['KD-EFFECT-05 callable-despite-rejection at /operations/2/availability']);
});

test('KD-EFFECT-05: a missing non-public effect makes the operation unavailable all the same', () => {
  // L421: an operation requiring an authority is unavailable when the position lacks it; whether the requirement
  // may be listed (public, KD-EFFECT-07) has no bearing on that. A provider that assumes a non-public effect held,
  // or passes every capability check, shows the row callable, in a general query and in an explanation alike.
  for (const id of ['effect/non-public-effect-missing', 'effect/explain-non-public-effect-missing']) {
    const found = verifyEdited(id, (r) => {
      const row = r.operations[0]; // zqTelemetryBeacon, its non-public effect not held
      row.availability = 'callable';
      row.rejection_reasons = [];
    });
    assert.equal(found, ['KD-EFFECT-05 callable-despite-rejection at /operations/0/availability'], id);
  }
});

test('KD-EFFECT-06: an explanation of an operation whose effect is missing says missing-effect', () => {
  const unexplained = (r: Json): void => {
    r.operations[0].rejection_reasons = [];
  };
  // L421: "An explanation reports missing-effect"; the row left unavailable without a reason breaks KD-OP-12 too.
  assert.equal(verifyEdited('effect/explain-non-public-effect-missing', unexplained), [
    'KD-EFFECT-06 rejection-missing at /operations/0/rejection_reasons',
    'KD-OP-12 unavailable-without-rejection at /operations/0/rejection_reasons',
  ]);
  // A general query's row is held to the capability check (KD-EFFECT-05), the rule that rejects it.
  assert.equal(verifyEdited('effect/non-public-effect-missing', unexplained), [
    'KD-EFFECT-05 rejection-missing at /operations/0/rejection_reasons',
    'KD-OP-12 unavailable-without-rejection at /operations/0/rejection_reasons',
  ]);
});

test('KD-CLOSURE-09: no validated type-mismatch under a provisional receiver type (KIT-02 C)', () => {
  // drop (requires-take) rests on the occurrence's permits, not on the type: a validated row is right (L289).
  assert.equal(
    verifyEdited('partial/unconstrained-t1-include-unavailable', () => {}),
    [],
  );
  const found = verifyEdited('partial/explain-mismatch-under-provisional-type', (r) => {
    const row = r.operations[0];
    row.status = 'validated';
    row.rejection_reasons = ['type-mismatch'];
  });
  assert.ok(found.includes('KD-CLOSURE-09 rejection-under-unvalidated-type at /operations/0/status'), found.join('\n'));
});

test('KD-OP-11: a row resting on an unresolved inference requirement is not validated', () => {
  const found = verifyEdited('partial/unconstrained-t1-include-unavailable', (r) => {
    const row = r.operations[0]; // clone, inference requirement _T1: Clone
    row.status = 'validated';
    row.generic_requirements[0].status = 'validated';
    row.dependencies[0].status = 'validated';
  });
  assert.ok(found.includes('KD-OP-11 inference-row-validated at /operations/0/status'), found.join('\n'));
});

test('KD-LOOKUP-06: a visible validated callable row is never dropped', () => {
  const found = verifyEdited('complete/list-text-operations', (r) => {
    r.operations.splice(1, 1);
  });
  assert.equal(found, ['KD-LOOKUP-06 callable-row-dropped at /operations']);
});

test('KD-OWN-03: include_unavailable shows every visible rejected candidate', () => {
  const found = verifyEdited('ownership/permits-edit-include-unavailable', (r) => {
    r.operations = r.operations.filter((op: Json) => op.availability === 'callable');
  });
  // into_iter (requires-take) and contains, length, map, filter (requires-read).
  assert.equal(
    found,
    Array.from({ length: 5 }, () => 'KD-OWN-03 unavailable-row-dropped at /operations'),
  );
});

test('KD-DISCLOSE-09, KD-DISCLOSE-07: an omission is neither dropped nor changed to one that says more', () => {
  const changed = verifyEdited('hidden/general-private-current-file', (r) => {
    r.omissions[0].reason = 'not-imported';
  });
  assert.equal(changed, [
    'KD-DISCLOSE-07 omission-unfounded at /omissions',
    'KD-DISCLOSE-09 omission-missing at /omissions',
  ]);
  const dropped = verifyEdited('hidden/general-private-current-file', (r) => {
    r.omissions = [];
    r.status = 'complete';
  });
  assert.equal(dropped, ['KD-DISCLOSE-09 omission-missing at /omissions']);
  const added = verifyEdited('complete/list-text-operations', (r) => {
    r.omissions = [{ reason: 'hidden-by-visibility', requested_spelling: null }];
    r.status = 'partial';
  });
  assert.equal(added, ['KD-DISCLOSE-09 omission-unfounded at /omissions']);
});

test("KD-DISCLOSE-07: a hidden candidate's identity is never a dependency value", () => {
  const g = golden('hidden/general-private-current-file');
  const hidden = g.fixture.candidatesInOrder.find((c) => !c.admitted);
  assert.ok(hidden !== undefined);
  const found = verifyEdited('hidden/general-private-current-file', (r) => {
    r.operations[0].dependencies = [{ kind: 'SymbolId', source: 'live', status: 'validated', value: hidden?.identity }];
  });
  assert.ok(
    found.includes('KD-DISCLOSE-07 hidden-identity-dependency at /operations/0/dependencies/0/value'),
    found.join('\n'),
  );
});

test('KD-ACCEPT-03: a generic requirement is neither dropped nor altered', () => {
  const dropped = verifyEdited('complete/explain-operation-with-requirement', (r) => {
    r.operations[0].generic_requirements = [];
  });
  assert.ok(
    dropped.includes('KD-ACCEPT-03 generic-requirement-missing at /operations/0/generic_requirements'),
    dropped.join('\n'),
  );
  const altered = verifyEdited('complete/explain-operation-with-requirement', (r) => {
    r.operations[0].generic_requirements[0].display = 'Text: Ord';
  });
  assert.ok(
    altered.some((l) => l.startsWith('KD-ACCEPT-03 generic-requirement-')),
    altered.join('\n'),
  );
});

test('KD-EFFECT-07: a public validated effect requirement is neither dropped nor altered', () => {
  const dropped = verifyEdited('effect/several-effects-one-missing', (r) => {
    r.operations[0].effects.splice(0, 1); // io.Console
  });
  assert.ok(dropped.includes('KD-EFFECT-07 effect-requirement-missing at /operations/0/effects'), dropped.join('\n'));
  const altered = verifyEdited('effect/several-effects-one-missing', (r) => {
    r.operations[0].effects[0].display = 'io.Terminal';
  });
  assert.equal(altered, ['KD-EFFECT-07 effect-requirement-altered at /operations/0/effects/0/display']);
});

test("KD-DIAG-03, KD-DIAG-04: a diagnostic's severity and fallback text are the compiler's", () => {
  const found = verifyEdited('partial/operation-chain-error', (r) => {
    r.diagnostics[0].severity = 'warning';
    r.diagnostics[0].fallback_text = 'all is well';
  });
  assert.equal(found, [
    'KD-DIAG-03 diagnostic-field-mismatch at /diagnostics/0/severity',
    'KD-DIAG-04 diagnostic-field-mismatch at /diagnostics/0/fallback_text',
  ]);
});

test('KD-LIMIT-10: truncated only where a limit was reached', () => {
  const found = verifyEdited('complete/list-text-operations', (r) => {
    r.truncated = true;
    r.status = 'partial';
  });
  assert.equal(found, ['KD-LIMIT-10 truncated-without-limit at /truncated']);
});

test('KD-RES-16, KD-RES-12: a type query has no omission; an unavailable result none either', () => {
  const omission = { reason: 'hidden-by-visibility', requested_spelling: null };
  const type = verifyEdited('complete/list-text-type', (r) => {
    r.omissions = [omission];
    r.status = 'partial';
  });
  assert.equal(type, ['KD-RES-16 type-query-with-omissions at /omissions']);
  const unavailable = verifyEdited('partial/cancelled-before-analysis', (r) => {
    r.omissions = [omission];
  });
  assert.equal(unavailable, ['KD-RES-12 unavailable-with-omissions at /omissions']);
});

test('KD-TYPE-04: a provisional type keeps the compiler placeholder display', () => {
  const found = verifyEdited('partial/unconstrained-t1', (r) => {
    r.type.display = null;
  });
  assert.equal(found, ['KD-TYPE-04 type-placeholder-missing at /type/display']);
});

test('KD-RES-09: dropping non-validated rows by default leaves the result incomplete (OQ-32 D)', () => {
  const id = 'complete/non-validated-rows-dropped-by-default';
  assert.equal(
    verifyEdited(id, () => {}),
    [],
  );
  const found = verifyEdited(id, (r) => {
    r.omissions = [];
    r.status = 'complete';
  });
  assert.ok(found.includes('KD-RES-09 omission-missing at /omissions'), found.join('\n'));
});

test('KD-OMIT-02: an omission reason spelled like a member of every object is an unknown reason', () => {
  // "constructor" and "toString" are no OmissionReason (L336); a lookup by reason must not find Object's members.
  for (const reason of ['constructor', 'toString', '__proto__']) {
    const found = verifyEdited('partial/unconstrained-t1', (r) => {
      r.omissions = [{ reason, requested_spelling: null }];
    });
    assert.ok(found.includes('KD-OMIT-02 omission-unfounded at /omissions'), `${reason}: ${found.join('\n')}`);
    for (const f of found) assert.match(f, /^KD-[A-Z]+-[0-9]+ /, reason);
  }
});

// The type fact's reason (L250 requires one of a provisional or unavailable type; the register words which): cut by a
// cap, limit-exhausted (OQ-09 A); downgraded by its dependencies, incomplete-analysis (KIT-07 A); otherwise the
// compiler's own (OQ-42 A).
test('KD-TYPE-04/05: the reason of a downgraded, a cut and a kept type', () => {
  const downgraded = 'partial/type-downgraded-to-unavailable-beside-rows';
  const cut = 'limit/type-dependencies-65-beside-row';
  const kept = 'partial/type-reason-unsupported-stage2-feature';
  for (const id of [downgraded, cut, kept])
    assert.equal(
      verifyEdited(id, () => {}),
      [],
      id,
    );
  // The compiler's stage-2 reason kept although an unavailable inference node downgraded the type.
  assert.equal(
    verifyEdited(downgraded, (r) => {
      r.type.reason = 'unsupported-current-stage2-feature';
    }),
    ['KD-TYPE-05 type-reason-mismatch at /type/reason'],
  );
  // 65 dependencies cut to 64: the type is unavailable for the cap, not for incomplete analysis.
  assert.equal(
    verifyEdited(cut, (r) => {
      r.type.reason = 'incomplete-analysis';
    }),
    ['KD-TYPE-05 type-reason-mismatch at /type/reason'],
  );
  // Nothing downgrades the provisional type, so it keeps the compiler's reason.
  assert.equal(
    verifyEdited(kept, (r) => {
      r.type.reason = 'incomplete-analysis';
    }),
    ['KD-TYPE-04 type-reason-mismatch at /type/reason'],
  );
});

// L191: an unavailable result's reason explains why no useful fact exists (KIT-09 A, KIT-18 A).
test('KD-RES-13: an unavailable result names a limit or unsupported work only when the facts found one', () => {
  const atCap = 'limit/type-diagnostic-ids-256';
  const overCap = 'limit/type-diagnostic-ids-257';
  const onlyUnsupported = 'partial/unavailable-only-unsupported-work';
  const besideUnvalidated = 'partial/unavailable-unsupported-work-beside-unvalidated-view';
  const hiddenError = 'hidden/type-depending-on-hidden-error-symbol';
  for (const id of [atCap, overCap, onlyUnsupported, besideUnvalidated, hiddenError])
    assert.equal(
      verifyEdited(id, () => {}),
      [],
      id,
    );
  const withReason = (id: string, reason: string): string[] =>
    verifyEdited(id, (r) => {
      r.reason = reason;
    });
  // 256 diagnostic IDs are within the cap, and a type query visits no candidate: no limit is reached.
  assert.equal(withReason(atCap, 'limit-exhausted'), ['KD-RES-13 unavailable-reason-unfounded at /reason']);
  // A view that failed validation withholds more than unsupported work.
  assert.equal(withReason(besideUnvalidated, 'unsupported-in-profile'), [
    'KD-RES-13 unavailable-reason-unfounded at /reason',
  ]);
  // A query of kind type looks nothing up.
  assert.equal(withReason(hiddenError, 'unsupported-in-profile'), [
    'KD-RES-13 unavailable-reason-unfounded at /reason',
  ]);
});

test.run();
