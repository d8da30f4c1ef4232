import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  checkIdSet,
  checkStrictlyAscending,
  requestScalarViolations,
  resultScalarViolations,
} from './record-checks.js';
import { callableRow, completeResult, exampleRequest } from '../test-support/sample-records.js';

const hex = (c: string): string => c.repeat(64);
const at = (vs: { code: string; pointer?: string; clause: string }[]): string[] =>
  vs.map((v) => `${v.code} ${v.clause} ${v.pointer}`);

test('request walker: the example request has no scalar violation', () => {
  assert.equal(requestScalarViolations(exampleRequest()), []);
});

test('request walker reaches semantic_compatibility, spelling and the expression span', () => {
  const r = exampleRequest();
  r.analysis.semantic_compatibility = 'x'.repeat(257);
  r.query = { kind: 'explain-operation', include_unavailable: false, spelling: 'sorte\u0301' };
  r.position.expression = { start: 9, end: 8 };
  assert.equal(at(requestScalarViolations(r)), [
    'text-length KD-SCALAR-05 /analysis/semantic_compatibility',
    'span-order KD-SCALAR-11 /position/expression/start',
    'not-nfc KD-SCALAR-09 /query/spelling',
  ]);
});

test('result walker reaches every text and span position', () => {
  const r = completeResult();
  assert.equal(resultScalarViolations(r), []);
  const nfd = 'e\u0301';
  r.analysis!.semantic_compatibility = nfd;
  r.type!.display = nfd;
  const op = callableRow();
  Object.assign(op, {
    display_name: nfd,
    qualified_name: nfd,
    signature: nfd,
    source: { file_id: hex('1'), span: { start: 2, end: 1 } },
  });
  op.generic_requirements = [{ kind: 'inference', identity: null, display: nfd, status: 'validated' }];
  op.effects = [{ identity: { kind: 'SymbolId', value: hex('e') }, display: nfd, status: 'validated' }];
  Object.assign(op.origin, {
    kind: 'trait',
    module: nfd,
    trait: nfd,
    trait_identity: { kind: 'TypeId', value: hex('8') },
  });
  r.operations = [op];
  r.omissions = [{ reason: 'hidden-by-visibility', requested_spelling: nfd }];
  r.diagnostics = [
    {
      id: hex('d'),
      code: nfd,
      severity: 'error',
      category: nfd,
      template_id: nfd,
      primary: { file_id: hex('1'), span: { start: 7, end: 6 } },
      fallback_text: nfd,
    },
  ];
  assert.equal(
    resultScalarViolations(r)
      .map((v) => v.pointer)
      .sort(),
    [
      '/analysis/semantic_compatibility',
      '/diagnostics/0/category',
      '/diagnostics/0/code',
      '/diagnostics/0/fallback_text',
      '/diagnostics/0/primary/span/start',
      '/diagnostics/0/template_id',
      '/omissions/0/requested_spelling',
      '/operations/0/display_name',
      '/operations/0/effects/0/display',
      '/operations/0/generic_requirements/0/display',
      '/operations/0/origin/module',
      '/operations/0/origin/trait',
      '/operations/0/qualified_name',
      '/operations/0/signature',
      '/operations/0/source/span/start',
      '/type/display',
    ],
  );
});

test('Id sets: duplicates and order by raw bytes (KD-DIAG-09, KD-ORDER-10)', () => {
  assert.equal(checkIdSet([hex('0'), hex('9'), hex('a'), hex('f')], '/ids'), []);
  assert.equal(checkIdSet([], '/ids'), []);
  assert.equal(at(checkIdSet([hex('a'), hex('a')], '/type/diagnostic_ids')), [
    'duplicate KD-DIAG-09 /type/diagnostic_ids/1',
  ]);
  assert.equal(at(checkIdSet([hex('a'), hex('9')], '/x')), ['order KD-ORDER-10 /x/1']);
  assert.equal(at(checkIdSet([hex('b'), hex('a')], '/x', { unique: 'KD-ORDER-01', order: 'KD-ORDER-02' })), [
    'order KD-ORDER-02 /x/1',
  ]);
});

test('checkStrictlyAscending takes any comparator', () => {
  const cmp = (a: number, b: number): number => a - b;
  assert.equal(checkStrictlyAscending([1, 2, 3], cmp, '/n', { unique: 'U', order: 'O' }, 'numbers'), []);
  assert.equal(at(checkStrictlyAscending([1, 3, 3, 2], cmp, '/n', { unique: 'U', order: 'O' }, 'numbers')), [
    'duplicate U /n/2',
    'order O /n/3',
  ]);
});

test.run();
