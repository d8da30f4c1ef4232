import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { kitRoot } from '../kit-root.js';
import type { DiscoveryRequestV1, DiscoveryResultV1, OperationFact } from './discovery-records.js';
import { SCHEMA_ID_PREFIX, SCHEMA_NAMES, schemaDocument, schemaViolations, validatorFor } from './schema-registry.js';
import {
  callableRow,
  completeResult,
  exampleRequest,
  invalidResult,
  partialResult,
  staleResult,
  unavailableResult,
  validatedType,
} from '../test-support/sample-records.js';
import { makeFixture } from '../test-support/make-fixture.js';

const hex = (c: string): string => c.repeat(64);
const KIT_SCHEMAS = Object.values(SCHEMA_NAMES);

function expectClause(name: string, value: unknown, clause: string, pointer?: string): void {
  const vs = schemaViolations(name, value);
  assert.ok(vs.length > 0, `expected a violation of ${clause}`);
  assert.ok(
    vs.every((v) => v.code === 'schema'),
    'every schema violation has code schema',
  );
  const hit = vs.some((v) => v.clause === clause && (pointer === undefined || v.pointer === pointer));
  assert.ok(
    hit,
    `expected ${clause} at ${pointer ?? '(any)'}, got ${JSON.stringify(vs.map((v) => [v.clause, v.pointer]))}`,
  );
}

function expectValid(name: string, value: unknown): void {
  const vs = schemaViolations(name, value);
  assert.equal(vs, [], JSON.stringify(vs));
}

const request = (edit: (r: DiscoveryRequestV1) => void): DiscoveryRequestV1 => {
  const r = exampleRequest();
  edit(r);
  return r;
};
const result = (make: () => DiscoveryResultV1, edit: (r: DiscoveryResultV1) => void): DiscoveryResultV1 => {
  const r = make();
  edit(r);
  return r;
};
const withRow = (edit: (op: OperationFact) => void): DiscoveryResultV1 =>
  result(partialResult, (r) => {
    const op = callableRow();
    edit(op);
    r.operations = [op];
  });
const unavailableRow = (op: OperationFact): void => {
  op.availability = 'unavailable';
  op.rejection_reasons = ['incomplete-analysis'];
};

test('every kit schema is JSON Schema 2020-12 with its urn $id, title and compiles in strict mode', () => {
  for (const name of KIT_SCHEMAS) {
    const doc = schemaDocument(name);
    assert.is(doc['$schema'], 'https://json-schema.org/draft/2020-12/schema');
    assert.is(doc['$id'], `${SCHEMA_ID_PREFIX}${name}`);
    assert.is(doc['title'], name);
    assert.match(String(doc['description']), /KD-[A-Z]+-\d\d/);
    assert.type(validatorFor(name), 'function');
  }
});

test('kit schemas: every definition cites a clause; every object definition closes its fields', () => {
  const open: string[] = [];
  const walk = (node: unknown, path: string): void => {
    if (node === null || typeof node !== 'object') return;
    if (Array.isArray(node)) return node.forEach((n, i) => walk(n, `${path}/${i}`));
    const rec = node as Record<string, unknown>;
    if ('properties' in rec && rec['additionalProperties'] !== false) open.push(path);
    for (const [k, v] of Object.entries(rec)) {
      // allOf holds conditional rules whose `properties` constrain, not define, a record.
      if (k === 'allOf' || k === 'enum' || k === 'const') continue;
      if (k === 'properties' && v !== null && typeof v === 'object') {
        for (const [p, s] of Object.entries(v)) walk(s, `${path}/properties/${p}`);
        continue;
      }
      walk(v, `${path}/${k}`);
    }
  };
  for (const name of KIT_SCHEMAS) {
    const doc = schemaDocument(name);
    walk(doc, name);
    for (const [def, schema] of Object.entries(doc['$defs'] as Record<string, { description?: unknown }>)) {
      assert.match(String(schema.description), /^KD-[A-Z]+-\d\d: /, `${name} $defs/${def}`);
    }
  }
  assert.equal(open, []);
});

test('request: the contract example is valid; boundaries of U32 (KD-SCALAR-02)', () => {
  expectValid(SCHEMA_NAMES.request, exampleRequest());
  expectValid(
    SCHEMA_NAMES.request,
    request((r) => (r.position.byte_offset = 4294967295)),
  );
  expectClause(
    SCHEMA_NAMES.request,
    request((r) => (r.position.byte_offset = 4294967296)),
    'KD-SCALAR-02',
    '/position/byte_offset',
  );
  expectValid(
    SCHEMA_NAMES.request,
    request((r) => (r.analysis.generation = 9007199254740991)),
  );
  expectClause(
    SCHEMA_NAMES.request,
    request((r) => (r.analysis.generation = 1.5)),
    'KD-SCALAR-03',
    '/analysis/generation',
  );
});

test('request: fields, enums, Ids and the spelling rule map to their clauses', () => {
  const R = SCHEMA_NAMES.request;
  expectClause(
    R,
    request((r) => delete (r as Partial<DiscoveryRequestV1>).query),
    'KD-REQ-01',
    '/query',
  );
  expectClause(R, { ...exampleRequest(), extra: 1 }, 'KD-REQ-01', '/extra');
  expectClause(
    R,
    request((r) => ((r as { schema: string }).schema = 'kofun.discovery.request/v2')),
    'KD-REQ-02',
    '/schema',
  );
  expectClause(
    R,
    request((r) => (r.analysis.file_id = hex('A'))),
    'KD-SCALAR-04',
    '/analysis/file_id',
  );
  expectClause(
    R,
    request((r) => (r.analysis.file_id = hex('1').slice(1))),
    'KD-SCALAR-04',
    '/analysis/file_id',
  );
  expectClause(
    R,
    request((r) => delete (r.analysis as Partial<DiscoveryRequestV1['analysis']>).generation),
    'KD-KEY-01',
    '/analysis/generation',
  );
  expectClause(
    R,
    request((r) => (r.query.kind = 'methods' as 'type')),
    'KD-REQ-06',
    '/query/kind',
  );
  expectClause(
    R,
    request((r) => ((r.query as { include_unavailable: unknown }).include_unavailable = 'no')),
    'KD-REQ-07',
    '/query/include_unavailable',
  );
  expectClause(
    R,
    request((r) => (r.query.kind = 'explain-operation')),
    'KD-REQ-08',
    '/query/spelling',
  );
  expectValid(
    R,
    request((r) => Object.assign(r.query, { kind: 'explain-operation', spelling: 'sort_in_place' })),
  );
  expectClause(
    R,
    request((r) => (r.query.spelling = 'length')),
    'KD-REQ-09',
    '/query/spelling',
  );
  expectClause(
    R,
    request((r) => Object.assign(r.query, { kind: 'explain-operation', spelling: '' })),
    'KD-SCALAR-09',
    '/query/spelling',
  );
  expectClause(
    R,
    request((r) => delete (r.position.expression as Partial<{ end: number }>).end),
    'KD-SCALAR-10',
    '/position/expression/end',
  );
  expectClause(
    R,
    request((r) => (r.analysis.semantic_compatibility = 'v1\u0085')),
    'KD-SCALAR-05',
    '/analysis/semantic_compatibility',
  );
  const control = schemaViolations(
    R,
    request((r) => (r.analysis.semantic_compatibility = 'v\n1')),
  );
  assert.is(control[0]?.expected, 'no control character (Unicode Cc)');
});

test('result: one valid result per status', () => {
  for (const make of [completeResult, partialResult, staleResult, unavailableResult, invalidResult])
    expectValid(SCHEMA_NAMES.result, make());
});

test('result: top-level constants and the per-status shape table (KD-RES-06..15)', () => {
  const S = SCHEMA_NAMES.result;
  expectClause(
    S,
    result(completeResult, (r) => ((r as { authoritative: boolean }).authoritative = true)),
    'KD-TRUST-04',
    '/authoritative',
  );
  expectClause(
    S,
    result(completeResult, (r) => ((r as { limit_profile: string }).limit_profile = 'custom')),
    'KD-RES-03',
    '/limit_profile',
  );
  expectClause(
    S,
    result(completeResult, (r) => (r.status = 'done' as 'complete')),
    'KD-RES-04',
    '/status',
  );
  expectClause(
    S,
    result(completeResult, (r) => (r.reason = 'limit-exhausted')),
    'KD-RES-06',
    '/reason',
  );
  expectClause(
    S,
    result(completeResult, (r) => (r.truncated = true)),
    'KD-RES-06',
    '/truncated',
  );
  expectClause(
    S,
    result(completeResult, (r) => (r.analysis = null)),
    'KD-RES-06',
    '/analysis',
  );
  expectClause(
    S,
    result(
      completeResult,
      (r) =>
        (r.type = {
          status: 'provisional',
          identity: null,
          display: '_T1',
          dependencies: [],
          diagnostic_ids: [],
          reason: 'incomplete-analysis',
        }),
    ),
    'KD-RES-07',
    '/type/status',
  );
  expectClause(
    S,
    result(completeResult, (r) => (r.type = null)),
    'KD-RES-07',
    '/type',
  );
  expectClause(
    S,
    result(completeResult, (r) => (r.status = 'partial')),
    'KD-RES-09',
  );
  expectValid(
    S,
    result(completeResult, (r) => Object.assign(r, { status: 'partial', truncated: true })),
  );
  expectClause(
    S,
    result(staleResult, (r) => (r.type = validatedType())),
    'KD-RES-10',
    '/type',
  );
  expectClause(
    S,
    result(staleResult, (r) => (r.omissions = [{ reason: 'not-imported', requested_spelling: null }])),
    'KD-RES-10',
    '/omissions',
  );
  expectClause(
    S,
    result(staleResult, (r) => (r.reason = 'invalid-request')),
    'KD-RES-11',
    '/reason',
  );
  expectValid(
    S,
    result(staleResult, (r) => (r.reason = 'stale-interface-set')),
  );
  expectClause(
    S,
    result(unavailableResult, (r) => (r.operations = [callableRow()])),
    'KD-RES-12',
    '/operations',
  );
  expectClause(
    S,
    result(unavailableResult, (r) => (r.reason = null)),
    'KD-RES-13',
    '/reason',
  );
  expectClause(
    S,
    result(invalidResult, (r) => (r.analysis = exampleRequest().analysis)),
    'KD-RES-14',
    '/analysis',
  );
  expectClause(
    S,
    result(invalidResult, (r) => (r.omissions = [{ reason: 'limit-exhausted', requested_spelling: null }])),
    'KD-RES-14',
    '/omissions',
  );
  expectClause(
    S,
    result(invalidResult, (r) => (r.reason = null)),
    'KD-RES-15',
    '/reason',
  );
});

test('result: type fact rules (KD-TYPE-02..07, KD-CLOSURE-09)', () => {
  const S = SCHEMA_NAMES.result;
  const typed = (edit: (t: NonNullable<DiscoveryResultV1['type']>) => void): DiscoveryResultV1 =>
    result(partialResult, (r) => {
      const t = validatedType();
      edit(t);
      r.type = t;
    });
  expectClause(
    S,
    typed((t) => (t.identity = { kind: 'SymbolId', value: hex('4') })),
    'KD-TYPE-02',
    '/type/identity/kind',
  );
  expectClause(
    S,
    typed((t) => (t.display = null)),
    'KD-TYPE-02',
    '/type/display',
  );
  expectClause(
    S,
    typed((t) => (t.dependencies[0]!.status = 'provisional')),
    'KD-CLOSURE-09',
    '/type/dependencies/0/status',
  );
  const provisional = (t: NonNullable<DiscoveryResultV1['type']>): void => {
    Object.assign(t, { status: 'provisional', identity: null, display: '_T1', reason: 'incomplete-analysis' });
  };
  expectValid(S, typed(provisional));
  expectClause(
    S,
    typed((t) => (provisional(t), (t.identity = { kind: 'TypeId', value: hex('4') }))),
    'KD-TYPE-04',
    '/type/identity',
  );
  expectClause(
    S,
    typed((t) => (provisional(t), (t.dependencies[0]!.status = 'error'))),
    'KD-CLOSURE-08',
    '/type/dependencies/0/status',
  );
  const error = (t: NonNullable<DiscoveryResultV1['type']>): void => {
    Object.assign(t, { status: 'error', identity: null, reason: 'rejected-by-diagnostic', diagnostic_ids: [hex('d')] });
  };
  expectValid(S, typed(error));
  expectClause(
    S,
    typed((t) => (error(t), (t.diagnostic_ids = []))),
    'KD-TYPE-06',
    '/type/diagnostic_ids',
  );
  expectClause(
    S,
    typed((t) => (error(t), (t.reason = 'incomplete-analysis'))),
    'KD-TYPE-06',
    '/type/reason',
  );
  const unavailable = (t: NonNullable<DiscoveryResultV1['type']>): void => {
    Object.assign(t, { status: 'unavailable', identity: null, display: null, reason: 'limit-exhausted' });
  };
  expectValid(S, typed(unavailable));
  expectClause(
    S,
    typed((t) => (unavailable(t), (t.display = 'List[Text]'))),
    'KD-TYPE-07',
    '/type/display',
  );
  expectClause(
    S,
    typed((t) => (t.diagnostic_ids = [hex('d'), hex('d')])),
    'KD-DIAG-09',
    '/type/diagnostic_ids',
  );
});

test('result: operation row rules (KD-OP-02..13, KD-CLOSURE-10/17, KD-REJECT-01/02)', () => {
  const S = SCHEMA_NAMES.result;
  expectClause(
    S,
    withRow((op) => (op.status = 'provisional')),
    'KD-OP-09',
    '/operations/0/status',
  );
  expectClause(
    S,
    withRow((op) => (op.signature = null)),
    'KD-OP-09',
    '/operations/0/signature',
  );
  expectClause(
    S,
    withRow((op) => (op.receiver_mode = null)),
    'KD-OP-09',
    '/operations/0/receiver_mode',
  );
  expectClause(
    S,
    withRow((op) => (op.rejection_reasons = ['requires-edit'])),
    'KD-OP-09',
    '/operations/0/rejection_reasons',
  );
  expectClause(
    S,
    withRow((op) => (op.origin.status = 'provisional')),
    'KD-OP-09',
    '/operations/0/origin/status',
  );
  expectClause(
    S,
    withRow((op) => (op.availability = 'unavailable')),
    'KD-OP-12',
    '/operations/0/rejection_reasons',
  );
  expectValid(
    S,
    withRow((op) => Object.assign(op, { availability: 'unavailable', rejection_reasons: ['requires-edit'] })),
  );
  expectClause(
    S,
    withRow((op) => (unavailableRow(op), (op.status = 'error'))),
    'KD-CLOSURE-10',
    '/operations/0/diagnostic_ids',
  );
  expectClause(
    S,
    withRow((op) => (op.identity.kind = 'TypeId')),
    'KD-OP-02',
    '/operations/0/identity/kind',
  );
  expectClause(
    S,
    withRow((op) => (op.receiver_mode = 'write' as 'read')),
    'KD-OP-04',
    '/operations/0/receiver_mode',
  );
  expectClause(
    S,
    withRow((op) => (op.visibility = 'public' as 'pub')),
    'KD-OP-05',
    '/operations/0/visibility',
  );
  expectClause(
    S,
    withRow((op) => (op.documentation = `kofun-doc:${hex('A')}`)),
    'KD-OP-07',
    '/operations/0/documentation',
  );
  expectValid(
    S,
    withRow((op) => (op.documentation = `kofun-doc:${hex('a')}`)),
  );
  expectClause(
    S,
    withRow((op) => (unavailableRow(op), (op.rejection_reasons = ['ambiguous', 'ambiguous']))),
    'KD-REJECT-02',
    '/operations/0/rejection_reasons',
  );
  expectClause(
    S,
    withRow((op) => (unavailableRow(op), (op.rejection_reasons = ['too-old' as 'ambiguous']))),
    'KD-REJECT-01',
    '/operations/0/rejection_reasons/0',
  );
  expectClause(
    S,
    withRow((op) => ((op as unknown as Record<string, unknown>)['body'] = 'x')),
    'KD-OP-01',
    '/operations/0/body',
  );
  // A provisional row may keep independently validated nested facts, but never hold an error one.
  const provisional = (op: OperationFact): void => {
    unavailableRow(op);
    op.status = 'provisional';
    op.generic_requirements = [{ kind: 'inference', identity: null, display: 'T = _T1', status: 'validated' }];
  };
  expectValid(S, withRow(provisional));
  expectClause(
    S,
    withRow((op) => (provisional(op), (op.generic_requirements[0]!.status = 'error'))),
    'KD-CLOSURE-17',
    '/operations/0/generic_requirements/0/status',
  );
  expectClause(
    S,
    withRow((op) => (provisional(op), (op.dependencies[0]!.status = 'unavailable'))),
    'KD-CLOSURE-08',
    '/operations/0/dependencies/0/status',
  );
  expectClause(
    S,
    withRow(
      (op) =>
        (op.generic_requirements = [
          { kind: 'subtype' as 'equality', identity: null, display: '', status: 'validated' },
        ]),
    ),
    'KD-OP-15',
  );
  expectClause(
    S,
    withRow((op) => (op.dependencies[0]!.kind = 'NodeId')),
    'KD-CLOSURE-03',
    '/operations/0/dependencies/0/kind',
  );
  expectValid(
    S,
    withRow((op) => Object.assign(op.dependencies[0]!, { source: 'live', kind: 'NodeId' })),
  );
});

test('result: effects and origins (KD-EFFECT-02, OQ-26 A, KD-ORIGIN-05..12)', () => {
  const S = SCHEMA_NAMES.result;
  const effect = {
    identity: { kind: 'SymbolId' as const, value: hex('e') },
    display: 'Net',
    status: 'validated' as const,
  };
  expectValid(
    S,
    withRow((op) => (op.effects = [effect])),
  );
  expectClause(
    S,
    withRow((op) => (op.effects = [{ ...effect, identity: { kind: 'ModuleId', value: hex('e') } }])),
    'KD-EFFECT-02',
    '/operations/0/effects/0/identity/kind',
  );
  expectClause(
    S,
    withRow((op) => (op.effects = [{ ...effect, identity: null as unknown as typeof effect.identity }])),
    'KD-EFFECT-02',
    '/operations/0/effects/0/identity',
  );
  expectClause(
    S,
    withRow((op) => (op.origin.module_identity.kind = 'SymbolId')),
    'KD-ORIGIN-05',
    '/operations/0/origin/module_identity/kind',
  );
  expectClause(
    S,
    withRow((op) => (op.origin.trait = 'Eq')),
    'KD-ORIGIN-08',
    '/operations/0/origin/trait',
  );
  const impl = { kind: 'ImplementationId' as const, value: hex('9') };
  expectClause(
    S,
    withRow((op) => (op.origin.implementation_identity = impl)),
    'KD-ORIGIN-08',
    '/operations/0/origin/implementation_identity',
  );
  expectValid(
    S,
    withRow((op) => Object.assign(op.origin, { kind: 'extension', implementation_identity: impl })),
  );
  expectClause(
    S,
    withRow((op) => (op.origin.kind = 'extension')),
    'KD-ORIGIN-09',
    '/operations/0/origin/implementation_identity',
  );
  expectClause(
    S,
    withRow((op) =>
      Object.assign(op.origin, { kind: 'extension', implementation_identity: { kind: 'TypeId', value: hex('9') } }),
    ),
    'KD-ORIGIN-06',
    '/operations/0/origin/implementation_identity/kind',
  );
  const traitId = { kind: 'TypeId' as const, value: hex('8') };
  expectValid(
    S,
    withRow((op) => Object.assign(op.origin, { kind: 'trait', trait: 'Sortable', trait_identity: traitId })),
  );
  expectValid(
    S,
    withRow((op) =>
      Object.assign(op.origin, {
        kind: 'trait',
        trait: 'Sortable',
        trait_identity: traitId,
        implementation_identity: impl,
      }),
    ),
  );
  expectClause(
    S,
    withRow((op) => Object.assign(op.origin, { kind: 'trait', trait: 'Sortable' })),
    'KD-ORIGIN-10',
    '/operations/0/origin/trait_identity',
  );
  expectClause(
    S,
    withRow((op) =>
      Object.assign(op.origin, {
        kind: 'trait',
        trait: 'Sortable',
        trait_identity: { kind: 'ModuleId', value: hex('8') },
      }),
    ),
    'KD-ORIGIN-12',
    '/operations/0/origin/trait_identity/kind',
  );
});

test('result: count caps and other records (KD-LIMIT-05/06, KD-OMIT-01..03, KD-DIAG-01..05)', () => {
  const S = SCHEMA_NAMES.result;
  const row = callableRow();
  expectValid(
    S,
    result(completeResult, (r) => (r.operations = Array.from({ length: 4096 }, () => row))),
  );
  expectClause(
    S,
    result(completeResult, (r) => (r.operations = Array.from({ length: 4097 }, () => row))),
    'KD-LIMIT-05',
    '/operations',
  );
  const dep = row.dependencies[0]!;
  expectClause(
    S,
    withRow((op) => (op.dependencies = Array.from({ length: 65 }, () => dep))),
    'KD-LIMIT-06',
    '/operations/0/dependencies',
  );
  expectClause(
    S,
    result(
      partialResult,
      (r) =>
        (r.omissions = [
          { reason: 'hidden', requested_spelling: null } as unknown as DiscoveryResultV1['omissions'][number],
        ]),
    ),
    'KD-OMIT-02',
    '/omissions/0/reason',
  );
  expectClause(
    S,
    result(
      partialResult,
      (r) =>
        (r.omissions = [
          {
            reason: 'not-imported',
            requested_spelling: null,
            count: 3,
          } as unknown as DiscoveryResultV1['omissions'][number],
        ]),
    ),
    'KD-OMIT-01',
    '/omissions/0/count',
  );
  const diag: DiscoveryResultV1['diagnostics'][number] = {
    id: hex('d'),
    code: 'E0308',
    severity: 'error',
    category: 'type',
    template_id: 'type.mismatch',
    primary: { file_id: hex('1'), span: { start: 1, end: 2 } },
    fallback_text: '',
  };
  expectValid(
    S,
    result(partialResult, (r) => (r.diagnostics = [diag])),
  );
  expectClause(
    S,
    result(partialResult, (r) => (r.diagnostics = [{ ...diag, severity: 'fatal' as 'error' }])),
    'KD-DIAG-03',
    '/diagnostics/0/severity',
  );
  expectClause(
    S,
    result(partialResult, (r) => (r.diagnostics = [{ ...diag, code: '' }])),
    'KD-SCALAR-05',
    '/diagnostics/0/code',
  );
  expectClause(
    S,
    result(partialResult, (r) => (r.diagnostics = [{ ...diag, primary: { file_id: hex('1') } as DiagnosticPrimary }])),
    'KD-DIAG-05',
    '/diagnostics/0/primary/span',
  );
});

type DiagnosticPrimary = DiscoveryResultV1['diagnostics'][number]['primary'];

test('fixture schema: the minimal fixture is valid; series count is capped at 1,000,000', () => {
  expectValid(SCHEMA_NAMES.fixture, makeFixture());
  const f = makeFixture();
  const { identity: _i, display_name: _d, qualified_name: _q, ...template } = f.candidates[0]!;
  f.candidate_series.push({ seed: 's', count: 1_000_000, name_prefix: 'a', qualified_name_prefix: 'b', template });
  expectValid(SCHEMA_NAMES.fixture, f);
  f.candidate_series[0]!.count = 1_000_001;
  expectClause(SCHEMA_NAMES.fixture, f, 'KD-LIMIT-07', '/candidate_series/0/count');
  const g = makeFixture();
  g.candidates[0]!.origin.kind = 'extension';
  expectClause(SCHEMA_NAMES.fixture, g, 'KD-ORIGIN-09', '/candidates/0/origin/implementation_identity');
});

const register = (): Record<string, unknown> => ({
  format: 'kofun.ctk.interpretations/v1',
  entries: [
    {
      id: 'OQ-01',
      title: 'Stale reason precedence',
      clauses: ['KD-RES-11'],
      question: 'Which stale reason wins?',
      readings: [
        { label: 'A', text: 'listing order', contract_allows: true, lines: ['L425'], fails_closed: true },
        { label: 'B', text: 'ASCII order', contract_allows: true, lines: ['L425'], fails_closed: true },
      ],
      choice: 'A',
      why: 'Two lists agree.',
      law_because: 'B could differ only by the order of checks.',
      fails_closed: true,
      changes_result_bytes: true,
      alternative_outcome: null,
      notes: [],
    },
    {
      id: 'KIT-01',
      title: 'Check order',
      clauses: ['KD-LOOKUP-05'],
      question: 'In which order?',
      readings: [{ label: 'A', text: 'schema first', contract_allows: true, lines: ['L132'], fails_closed: true }],
      choice: 'A',
      why: 'Deterministic.',
      fails_closed: true,
      aliases: ['KIT-02'],
      changes_result_bytes: false,
      unchanged_bytes_reason: 'A rule of the fixture format.',
      alternative_outcome: { name: 'other-order', reading: 'B', text: 'acceptable' },
      notes: ['Sub-question settled by the choice.'],
    },
  ],
});

test('interpretations schema: a small register is valid; ids, labels and fails_closed are checked', () => {
  const I = SCHEMA_NAMES.interpretations;
  expectValid(I, register());
  const edit = (f: (e: Record<string, unknown>) => void): Record<string, unknown> => {
    const r = register();
    f((r['entries'] as Record<string, unknown>[])[0]!);
    return r;
  };
  expectClause(
    I,
    edit((e) => (e['id'] = 'Q-1')),
    'KD-ACCEPT-13',
    '/entries/0/id',
  );
  expectClause(
    I,
    edit((e) => (e['choice'] = 'a')),
    'KD-ACCEPT-13',
    '/entries/0/choice',
  );
  expectClause(
    I,
    edit((e) => (e['fails_closed'] = false)),
    'KD-ACCEPT-13',
    '/entries/0/fails_closed',
  );
  expectClause(
    I,
    edit((e) => (e['clauses'] = ['KD-RES'])),
    'KD-ACCEPT-13',
    '/entries/0/clauses/0',
  );
  expectClause(
    I,
    edit((e) => delete e['why']),
    'KD-ACCEPT-13',
    '/entries/0/why',
  );
  expectClause(
    I,
    edit((e) => delete e['changes_result_bytes']),
    'KD-ACCEPT-13',
    '/entries/0/changes_result_bytes',
  );
  // An entry that changes no result bytes says why; one that changes them gives no such reason.
  expectClause(
    I,
    edit((e) => (e['changes_result_bytes'] = false)),
    'KD-ACCEPT-13',
    '/entries/0/unchanged_bytes_reason',
  );
  expectClause(
    I,
    edit((e) => (e['unchanged_bytes_reason'] = 'No reason needed.')),
    'KD-ACCEPT-13',
    '/entries/0/unchanged_bytes_reason',
  );
  expectClause(
    I,
    edit((e) => (e['aliases'] = ['KIT-1'])),
    'KD-ACCEPT-13',
    '/entries/0/aliases/0',
  );
  // Each reading says whether the contract allows it, on which lines, and whether it fails closed.
  expectClause(
    I,
    edit((e) => delete (e['readings'] as Record<string, unknown>[])[0]!['contract_allows']),
    'KD-ACCEPT-13',
    '/entries/0/readings/0/contract_allows',
  );
  expectClause(
    I,
    edit((e) => ((e['readings'] as Record<string, unknown>[])[0]!['lines'] = ['425'])),
    'KD-ACCEPT-13',
    '/entries/0/readings/0/lines/0',
  );
});

test('the interpretations register, when present, is valid and each choice names a reading', () => {
  const path = join(kitRoot(), 'oracle', 'interpretations.json');
  if (!existsSync(path)) return;
  const value = JSON.parse(readFileSync(path, 'utf8')) as {
    entries: Array<{ id: string; choice: string; readings: Array<{ label: string }> }>;
  };
  expectValid(SCHEMA_NAMES.interpretations, value);
  const ids = value.entries.map((e) => e.id);
  assert.is(new Set(ids).size, ids.length, 'entry ids are unique');
  for (const e of value.entries) {
    const labels = e.readings.map((r) => r.label);
    assert.is(new Set(labels).size, labels.length, `${e.id}: reading labels are unique`);
    assert.ok(
      e.readings.some((r) => r.label === e.choice),
      `${e.id}: choice ${e.choice} names a reading`,
    );
  }
});

test('an unknown schema name is a kit fault', () => {
  assert.throws(() => validatorFor('kofun.nothing/v1'));
});

test.run();
