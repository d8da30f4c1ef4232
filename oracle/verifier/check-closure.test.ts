import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { checkClosure } from './check-closure.js';

const at = (result: unknown): string[] => checkClosure(result).map((v) => `${v.clause} ${v.code} ${v.pointer ?? ''}`);
const hex = (c: string): string => c.repeat(64);
const type = (fields: Record<string, unknown>): unknown => ({
  type: {
    status: 'validated',
    identity: { kind: 'TypeId', value: hex('1') },
    display: 'List[Text]',
    reason: null,
    dependencies: [],
    diagnostic_ids: [],
    ...fields,
  },
});

test('type facts per status (KD-TYPE-02..07)', () => {
  assert.equal(at(type({})), []);
  assert.equal(at(type({ identity: { kind: 'SymbolId', value: hex('1') } })), [
    'KD-TYPE-02 type-identity-kind /type/identity/kind',
  ]);
  assert.equal(at(type({ status: 'provisional', identity: null, display: '_T1', reason: 'incomplete-analysis' })), []);
  assert.equal(at(type({ status: 'provisional', identity: null, reason: null })), [
    'KD-TYPE-04 provisional-type-without-reason /type/reason',
  ]);
  assert.equal(
    at(type({ status: 'error', identity: null, reason: 'incomplete-analysis', diagnostic_ids: [hex('d')] })),
    ['KD-TYPE-06 error-type-reason /type/reason'],
  );
  assert.equal(at(type({ status: 'error', identity: null, reason: 'rejected-by-diagnostic' })), [
    'KD-TYPE-06 error-type-without-diagnostic /type/diagnostic_ids',
  ]);
  assert.equal(at(type({ status: 'unavailable', identity: null, reason: 'limit-exhausted' })), [
    'KD-TYPE-07 unavailable-type-with-display /type/display',
  ]);
  assert.equal(at(type({ status: 'unavailable', reason: 'limit-exhausted', display: null })), [
    'KD-TYPE-05 unavailable-type-with-identity /type/identity',
  ]);
});

test('listed dependencies never exceed the fact (KD-CLOSURE-08/09)', () => {
  const dep = (status: string): unknown => ({ source: 'live', kind: 'NodeId', value: hex('2'), status });
  assert.equal(
    at(
      type({
        status: 'provisional',
        identity: null,
        reason: 'incomplete-analysis',
        dependencies: [dep('provisional')],
      }),
    ),
    [],
  );
  assert.equal(
    at(type({ status: 'provisional', identity: null, reason: 'incomplete-analysis', dependencies: [dep('error')] })),
    ['KD-CLOSURE-08 dependency-more-restrictive /type/dependencies/0/status'],
  );
});

test('rows: callable needs validated everything; error needs a diagnostic (KD-OP-09/12/13)', () => {
  const row = (fields: Record<string, unknown>): unknown => ({
    operations: [
      {
        status: 'validated',
        availability: 'callable',
        signature: 's',
        receiver_mode: 'read',
        rejection_reasons: [],
        origin: { status: 'validated' },
        generic_requirements: [],
        effects: [],
        dependencies: [],
        diagnostic_ids: [],
        ...fields,
      },
    ],
  });
  assert.equal(at(row({})), []);
  assert.equal(at(row({ signature: null })), ['KD-OP-09 callable-without-signature /operations/0/signature']);
  assert.equal(at(row({ status: 'provisional', rejection_reasons: ['incomplete-analysis'] })), [
    'KD-OP-13 nonvalidated-row-callable /operations/0/availability',
  ]);
  assert.equal(at(row({ availability: 'unavailable' })), [
    'KD-OP-12 unavailable-without-rejection /operations/0/rejection_reasons',
  ]);
  assert.equal(at(row({ status: 'error', availability: 'unavailable', rejection_reasons: ['incomplete-analysis'] })), [
    'KD-OP-13 error-row-without-diagnostic /operations/0/diagnostic_ids',
  ]);
  assert.equal(
    at(
      row({
        status: 'provisional',
        availability: 'unavailable',
        rejection_reasons: ['incomplete-analysis'],
        effects: [{ status: 'error' }],
      }),
    ),
    ['KD-CLOSURE-17 nested-more-restrictive /operations/0/effects/0/status'],
  );
});

test.run();
