/**
 * End-to-end scenarios of the reference provider. Every expected result is written out
 * literally from the contract and the register readings it names, then compared with the
 * oracle's bytes through the canonical encoder.
 *
 * SymbolIds are testId(label) = SHA-256 of the label (computed independently with
 * sha256sum): filter 116ce9c4… < length 61b41ebb… < map ab05e17b… < sort_in_place d33c0b8d….
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { requirement } from '../test-support/candidate.js';
import { makeCandidate, makeFixture, MAKE_FIXTURE_IDS as IDS, testId } from '../test-support/make-fixture.js';
import type { FixtureV1 } from '../fixture/fixture.js';
import type { DiscoveryRequestV1, DiscoveryResultV1, OperationFact } from '../records/discovery-records.js';
import { answersWithAlternatives } from './alternative-answers.js';
import {
  evaluateQuery,
  evaluateQueryOrThrow,
  evaluateQueryRecord,
  evaluateQueryRecordOrThrow,
} from './evaluate-query.js';
import { kitReadings } from './reading-switches.js';
import {
  answer,
  bytesOf,
  LIST_TEXT_TYPE,
  listRow,
  load,
  requestOn,
  RESULT_HEAD,
  STD_LIST_ORIGIN,
  textOf,
} from '../test-support/query-support.js';

/** A validated callable std.list row as the contract requires it (KD-OP-09/10). */
function row(name: string, signature: string, over: Partial<OperationFact> = {}): OperationFact {
  return listRow(testId(`symbol:std.list.${name}`), name, signature, over);
}

const SIG = {
  length: 'std.list.length(read List[Text]) -> Int',
  map: 'std.list.map(read List[Text], Text -> U) -> List[U]',
  filter: 'std.list.filter(read List[Text], read Text -> Bool) -> List[Text]',
  sort: 'std.list.sort_in_place(edit List[Text]) -> Unit',
};

/** The complete List[Text] fixture: length, map, filter (read) and sort_in_place (edit). */
function listTextFixture(): FixtureV1 {
  const f = makeFixture();
  f.candidates.push(
    makeCandidate('map', {
      signature: SIG.map,
      generic_requirements: [requirement()],
    }),
    makeCandidate('filter', { signature: SIG.filter }),
    makeCandidate('sort_in_place', { signature: SIG.sort, required_mode: 'edit' }),
  );
  return f;
}

const LENGTH_ROW = row('length', SIG.length, {
  dependencies: [{ source: 'kif', kind: 'SymbolId', value: IDS.length, status: 'validated' }],
});
const MAP_ROW = row('map', SIG.map, {
  generic_requirements: [{ kind: 'equality', identity: null, display: 'T = Text', status: 'validated' }],
});
const FILTER_ROW = row('filter', SIG.filter);

function result(request: DiscoveryRequestV1, over: Partial<DiscoveryResultV1>): DiscoveryResultV1 {
  return {
    ...RESULT_HEAD,
    status: 'complete',
    analysis: { ...request.analysis },
    type: { ...LIST_TEXT_TYPE, dependencies: [...LIST_TEXT_TYPE.dependencies], diagnostic_ids: [] },
    operations: [],
    omissions: [],
    diagnostics: [],
    reason: null,
    truncated: false,
    ...over,
  };
}

// KD-ACCEPT-02/03, KD-OWN-01/02, KD-RES-06/07/17, OQ-18 A, OQ-20 A, OQ-32 A, KIT-02, KIT-10.
test('complete List[Text]: visible read operations; sort_in_place absent by default', () => {
  const fx = load(listTextFixture());
  const req = requestOn(fx);
  const got = answer(fx, req);
  const expected = textOf(result(req, { operations: [FILTER_ROW, LENGTH_ROW, MAP_ROW] }));
  assert.is(got.text, expected);
  assert.is(got.steps, 4 * 6, 'four candidates pass stages 3 to 8');
  // The four entries give this one answer; the two that return the record give its steps too.
  const bytes = bytesOf(req);
  const decode = (b: Uint8Array): string => new TextDecoder().decode(b);
  for (const entry of [evaluateQuery, evaluateQueryOrThrow]) assert.is(decode(entry(bytes, fx)), expected, entry.name);
  for (const entry of [evaluateQueryRecord, evaluateQueryRecordOrThrow]) {
    const e = entry(bytes, fx);
    assert.equal([decode(e.bytes), textOf(e.result), e.steps], [expected, expected, 4 * 6], entry.name);
  }
});

// KD-OWN-03, KD-OP-11, OQ-43 A: a definitive rejection stays a validated row.
test('complete List[Text] with include_unavailable: sort_in_place explained by requires-edit', () => {
  const fx = load(listTextFixture());
  const req = requestOn(fx, { query: { include_unavailable: true } });
  const sortRow = row('sort_in_place', SIG.sort, {
    receiver_mode: 'edit',
    availability: 'unavailable',
    rejection_reasons: ['requires-edit'],
  });
  assert.is(answer(fx, req).text, textOf(result(req, { operations: [FILTER_ROW, LENGTH_ROW, MAP_ROW, sortRow] })));
});

// OQ-33 A, KIT-05: explain shows the row whatever include_unavailable says.
test('explain-operation sort_in_place without include_unavailable shows its one row', () => {
  const fx = load(listTextFixture());
  const req = requestOn(fx, { query: { kind: 'explain-operation', spelling: 'sort_in_place' } });
  const sortRow = row('sort_in_place', SIG.sort, {
    receiver_mode: 'edit',
    availability: 'unavailable',
    rejection_reasons: ['requires-edit'],
  });
  assert.is(answer(fx, req).text, textOf(result(req, { operations: [sortRow] })));
});

// KD-RES-16, OQ-40 A: kind type looks nothing up.
test('kind type: the validated type and no operations, no steps', () => {
  const fx = load(listTextFixture());
  const req = requestOn(fx, { query: { kind: 'type' } });
  const got = answer(fx, req);
  assert.is(got.text, textOf(result(req, {})));
  assert.is(got.steps, 0);
});

// KD-ACCEPT-04/05/06, OQ-14 A, OQ-15 A, KIT-02.
test('_T1: partial with the provisional type and only the operation justified by a known bound', () => {
  const f = listTextFixture();
  const occ = f.occurrences[0];
  if (occ === undefined) throw new Error('fixture');
  occ.type = {
    status: 'provisional',
    identity: null,
    display: '_T1',
    reason: 'incomplete-analysis',
    dependencies: [],
    diagnostic_ids: [],
  };
  const describeTrait = { kind: 'SymbolId' as const, value: testId('trait:Describe') };
  f.candidates.push({
    ...makeCandidate('describe'),
    identity: testId('symbol:std.debug.describe'),
    qualified_name: 'std.debug.describe',
    signature: 'std.debug.describe(read _T1) -> Text',
    receiver_type: null,
    required_mode: 'none',
    home: { kind: 'current-file' },
    visibility: 'private',
    origin: { ...makeCandidate('x').origin, module: 'app.main', module_identity: testId('module:app.main') },
    generic_requirements: [
      {
        kind: 'trait-bound',
        identity: describeTrait,
        display: '_T1: Describe',
        status: 'validated',
        satisfied: true,
        dependencies: [],
      },
    ],
  });
  const fx = load(f);
  const req = requestOn(fx);
  const expected: DiscoveryResultV1 = {
    ...RESULT_HEAD,
    status: 'partial',
    analysis: { ...req.analysis },
    type: {
      status: 'provisional',
      identity: null,
      display: '_T1',
      dependencies: [],
      diagnostic_ids: [],
      reason: 'incomplete-analysis',
    },
    operations: [
      {
        status: 'validated',
        identity: { kind: 'SymbolId', value: testId('symbol:std.debug.describe') },
        display_name: 'describe',
        qualified_name: 'std.debug.describe',
        signature: 'std.debug.describe(read _T1) -> Text',
        generic_requirements: [
          { kind: 'trait-bound', identity: describeTrait, display: '_T1: Describe', status: 'validated' },
        ],
        receiver_mode: 'none',
        effects: [],
        origin: {
          ...STD_LIST_ORIGIN,
          module: 'app.main',
          module_identity: { kind: 'ModuleId', value: testId('module:app.main') },
        },
        visibility: 'private',
        availability: 'callable',
        rejection_reasons: [],
        source: null,
        documentation: null,
        dependencies: [],
        diagnostic_ids: [],
      },
    ],
    omissions: [],
    diagnostics: [],
    reason: null,
    truncated: false,
  };
  const got = answer(fx, req);
  assert.is(got.text, textOf(expected));
  // Four List[Text] candidates leave at step 3 (1 step each); describe passes all six stages.
  assert.is(got.steps, 4 + 6);
});

function staleResultFor(req: DiscoveryRequestV1, reason: DiscoveryResultV1['reason']): string {
  return textOf({
    ...RESULT_HEAD,
    status: 'stale',
    analysis: { ...req.analysis },
    type: null,
    operations: [],
    omissions: [],
    diagnostics: [],
    reason,
    truncated: false,
  });
}

// KD-STALE-01..05, KD-RES-10/11, OQ-38 A.
test('each key field mismatch gives its stale reason, echoing the request key', () => {
  const fx = load(listTextFixture());
  const other = testId('other');
  const cases: [Partial<DiscoveryRequestV1['analysis']>, DiscoveryResultV1['reason']][] = [
    [{ file_id: other }, 'wrong-file'],
    [{ source_sha256: other }, 'stale-source'],
    [{ interface_set_sha256: other }, 'stale-interface-set'],
    [{ generation: 16 }, 'stale-generation'],
    [{ generation: 18 }, 'stale-generation'],
    [{ semantic_compatibility: 'stage2-v2' }, 'stale-semantic-compatibility'],
  ];
  for (const [analysis, reason] of cases) {
    const req = requestOn(fx, { analysis });
    assert.is(answer(fx, req).text, staleResultFor(req, reason), String(reason));
  }
});

// OQ-01 A: wrong-file > stale-source > stale-interface-set > stale-generation > stale-semantic-compatibility.
test('several mismatches: the first in AnalysisKey table order wins', () => {
  const fx = load(listTextFixture());
  const other = testId('other');
  const cases: [Partial<DiscoveryRequestV1['analysis']>, DiscoveryResultV1['reason']][] = [
    [
      { file_id: other, source_sha256: other, interface_set_sha256: other, generation: 1, semantic_compatibility: 'x' },
      'wrong-file',
    ],
    [{ source_sha256: other, generation: 1, semantic_compatibility: 'x' }, 'stale-source'],
    [{ interface_set_sha256: other, generation: 1 }, 'stale-interface-set'],
    [{ generation: 1, semantic_compatibility: 'x' }, 'stale-generation'],
  ];
  for (const [analysis, reason] of cases) {
    const req = requestOn(fx, { analysis });
    assert.is(answer(fx, req).text, staleResultFor(req, reason), String(reason));
  }
});

// KD-POS-03, OQ-12 A: FileId (and the key) before the position.
test('wrong file is reported before an invalid position', () => {
  const fx = load(listTextFixture());
  const bad = { byte_offset: 0, expression: { start: 1, end: 2 } };
  const wrong = requestOn(fx, { analysis: { file_id: testId('other') }, position: bad });
  assert.is(answer(fx, wrong).text, staleResultFor(wrong, 'wrong-file'));
  const old = requestOn(fx, { analysis: { source_sha256: testId('old') }, position: bad });
  assert.is(answer(fx, old).text, staleResultFor(old, 'stale-source'));
});

// OQ-12 D (L132): start > end is a fault of the position, so the FileId is compared first.
test('a reversed span: wrong-file with a wrong FileId, invalid-request with the right one', () => {
  const fx = load(listTextFixture());
  const reversed = { byte_offset: 2, expression: { start: 3, end: 1 } };
  const wrong = requestOn(fx, { analysis: { file_id: testId('other') }, position: reversed });
  assert.is(answer(fx, wrong).text, staleResultFor(wrong, 'wrong-file'));
  const right = requestOn(fx, { position: reversed });
  assert.is(answer(fx, right).result.status, 'invalid');
  assert.is(answer(fx, right).result.reason, 'invalid-request');
  // A second record fault keeps the request invalid whatever its FileId.
  const both = requestOn(fx, {
    analysis: { file_id: testId('other') },
    position: reversed,
    query: { spelling: 'length' },
  });
  assert.is(answer(fx, both).result.reason, 'invalid-request');
});

const INVALID = (reason: 'invalid-position' | 'invalid-request'): string =>
  textOf({
    ...RESULT_HEAD,
    status: 'invalid',
    analysis: null,
    type: null,
    operations: [],
    omissions: [],
    diagnostics: [],
    reason,
    truncated: false,
  });

// KD-POS-05/06/07, OQ-10 A, OQ-11 A, OQ-39 A. Source bytes (worked by hand):
// "let " 0..4, 名 4..7, 前 7..10, ` = ["Ruby"]; ` 10..23, 名 23..26, 前 26..29; length 29.
test('positions on a multi-byte UTF-8 source', () => {
  const f = listTextFixture();
  f.file.source = 'let 名前 = ["Ruby"]; 名前';
  const occ = f.occurrences[0];
  if (occ === undefined) throw new Error('fixture');
  occ.span = { start: 23, end: 29 };
  const fx = load(f);
  assert.is(fx.sourceBytes.length, 29);
  const at = (byte_offset: number, start = 23, end = 29) =>
    answer(fx, requestOn(fx, { position: { byte_offset, expression: { start, end } } })).text;
  const invalid = INVALID('invalid-position');
  assert.is(at(24), invalid, 'offset inside 名 (E5 90 8D)');
  assert.is(at(25), invalid, 'offset inside 名, last byte');
  assert.is(at(26, 24, 29), invalid, 'start inside a character');
  assert.is(at(26, 23, 28), invalid, 'end inside 前');
  assert.is(at(22), invalid, 'offset before the span');
  assert.is(at(30, 23, 30), invalid, 'past the end of the source');
  assert.is(at(7, 4, 10), invalid, 'boundaries fine but no parsed occurrence has this span');
  const ok = (byte_offset: number) =>
    answer(fx, requestOn(fx, { position: { byte_offset, expression: { start: 23, end: 29 } } })).result.status;
  assert.is(ok(23), 'complete');
  assert.is(ok(26), 'complete', 'offset at the boundary between 名 and 前');
  assert.is(ok(29), 'complete', 'offset at the end of the source (OQ-11 A)');
});

// KD-LIMIT-02/09, KD-CANON-*, OQ-02 A, OQ-03 A, OQ-41 A.
test('malformed, non-canonical and oversized requests are invalid-request', () => {
  const fx = load(listTextFixture());
  const req = requestOn(fx);
  const text = new TextDecoder().decode(new TextEncoder().encode(textOf(req as unknown as DiscoveryResultV1)));
  const enc = (s: string) => new TextEncoder().encode(s);
  const invalid = INVALID('invalid-request');
  assert.is(answer(fx, enc(text)).result.status, 'complete', 'the canonical request itself is fine');
  assert.is(answer(fx, enc(text.slice(0, -1))).text, invalid, 'missing final LF');
  assert.is(answer(fx, enc(`${text}\n`)).text, invalid, 'extra LF');
  assert.is(answer(fx, enc(text.replace(/\n/g, '\r\n'))).text, invalid, 'CRLF');
  assert.is(answer(fx, enc(`\uFEFF${text}`)).text, invalid, 'BOM');
  assert.is(
    answer(fx, enc(text.replace('"schema": "kofun.discovery.request/v1"', '"schema": "kofun.discovery.request/v2"')))
      .text,
    invalid,
    'unknown schema major',
  );
  assert.is(
    answer(fx, requestOn(fx, { query: { spelling: 'length' } })).text,
    invalid,
    'spelling on a general query (KD-REQ-09)',
  );
  assert.is(
    answer(fx, requestOn(fx, { query: { kind: 'explain-operation', spelling: null } })).text,
    invalid,
    'explain without spelling (KD-REQ-08)',
  );
  assert.is(
    answer(fx, requestOn(fx, { position: { byte_offset: 5, expression: { start: 9, end: 3 } } })).text,
    invalid,
    'span start > end (KD-SCALAR-11)',
  );
  assert.is(answer(fx, new Uint8Array(65_537)).text, invalid, 'over 65,536 bytes, refused on length');
  assert.is(answer(fx, new Uint8Array(0)).text, invalid, 'empty');
});

// KD-DISCLOSE-03/07/09, KIT-04, OQ-18 A.
test('a hidden candidate becomes one aggregate omission and leaks nothing', () => {
  const f = makeFixture();
  f.candidates.push(makeCandidate('secret_op', { visibility: 'private' }));
  const fx = load(f);
  const req = requestOn(fx);
  const got = answer(fx, req);
  assert.is(
    got.text,
    textOf(
      result(req, {
        status: 'partial',
        operations: [LENGTH_ROW],
        omissions: [{ reason: 'hidden-by-visibility', requested_spelling: null }],
      }),
    ),
  );
  assert.not.ok(got.text.includes('secret_op'));
  assert.not.ok(got.text.includes(testId('symbol:std.list.secret_op')));
});

// KD-DISCLOSE-02/06/07/10, KD-RES-19, OQ-29 A, OQ-35 A.
test('explain-operation of a hidden or unknown spelling echoes only the spelling', () => {
  const f = makeFixture();
  f.candidates.push(makeCandidate('secret_op', { visibility: 'private' }));
  const fx = load(f);
  for (const spelling of ['secret_op', 'no_such_op']) {
    const req = requestOn(fx, { query: { kind: 'explain-operation', spelling, include_unavailable: true } });
    const got = answer(fx, req);
    assert.is(
      got.text,
      textOf(
        result(req, {
          status: 'partial',
          omissions: [{ reason: 'hidden-by-visibility', requested_spelling: spelling }],
        }),
      ),
      spelling,
    );
    assert.not.ok(got.text.includes(testId('symbol:std.list.secret_op')));
  }
});

// KIT-04: a pub, admitted candidate of a validated view whose names are not in scope.
test('a public candidate of a view whose names are not imported gives not-imported', () => {
  const f = makeFixture();
  const view = f.interfaces[0];
  if (view === undefined) throw new Error('fixture');
  view.names_in_scope = false;
  const fx = load(f);
  const req = requestOn(fx);
  assert.is(
    answer(fx, req).text,
    textOf(result(req, { status: 'partial', omissions: [{ reason: 'not-imported', requested_spelling: null }] })),
  );
});

// OQ-19 A, KD-LOOKUP-11, KD-ACCEPT-09: extensions never become rows.
test('an extension candidate gives unsupported-in-profile, never a row', () => {
  const f = makeFixture();
  const base = makeCandidate('ext_len');
  f.candidates.push({
    ...base,
    origin: { ...base.origin, kind: 'extension', implementation_identity: testId('impl:ext_len') },
  });
  const fx = load(f);
  const req = requestOn(fx);
  const got = answer(fx, req);
  assert.is(
    got.text,
    textOf(
      result(req, {
        status: 'partial',
        operations: [LENGTH_ROW],
        omissions: [{ reason: 'unsupported-in-profile', requested_spelling: null }],
      }),
    ),
  );
  assert.not.ok(got.text.includes('ext_len'));
  const explain = requestOn(fx, { query: { kind: 'explain-operation', spelling: 'ext_len' } });
  assert.is(
    answer(fx, explain).text,
    textOf(
      result(explain, {
        status: 'partial',
        omissions: [{ reason: 'unsupported-in-profile', requested_spelling: 'ext_len' }],
      }),
    ),
  );
});

// KD-EFFECT-05/06/07, KIT-06.
test(
  'an operation needing network authority is unavailable ' + 'without the capability and explained by missing-effect',
  () => {
    const net = { kind: 'SymbolId' as const, value: testId('effect:net') };
    const f = makeFixture();
    f.candidates.push(
      makeCandidate('fetch', {
        signature: 'std.list.fetch(read List[Text]) -> Bytes',
        effects: [{ identity: net, display: 'net', status: 'validated', public: true, dependencies: [] }],
      }),
    );
    const fx = load(f);
    const general = requestOn(fx);
    assert.is(answer(fx, general).text, textOf(result(general, { operations: [LENGTH_ROW] })), 'absent by default');
    const explain = requestOn(fx, { query: { kind: 'explain-operation', spelling: 'fetch' } });
    const fetchRow = row('fetch', 'std.list.fetch(read List[Text]) -> Bytes', {
      effects: [{ identity: net, display: 'net', status: 'validated' }],
      availability: 'unavailable',
      rejection_reasons: ['missing-effect'],
    });
    assert.is(answer(fx, explain).text, textOf(result(explain, { operations: [fetchRow] })));
    const occ = f.occurrences[0];
    if (occ === undefined) throw new Error('fixture');
    occ.capabilities = [net];
    const held = load(f);
    const withCap = requestOn(held, { query: { kind: 'explain-operation', spelling: 'fetch' } });
    assert.is(
      answer(held, withCap).text,
      textOf(result(withCap, { operations: [{ ...fetchRow, availability: 'callable', rejection_reasons: [] }] })),
    );
  },
);

// KIT-12, L298, L300, L421: a public effect requirement held at the position whose status is provisional. Under C
// (the register's choice) no query lists it; under A a general query lists it with its status, while an explanation
// reports "only a public validated requirement" (L421) under both. Either way the effect bounds the row: provisional,
// so unavailable with incomplete-analysis (KIT-08 C), shown by include_unavailable and by the explanation.
// SymbolIds (sha256sum): fetch 2cacc772… < length 61b41ebb….
test('KIT-12: a public provisional effect is listed by a general query under A only, never by an explanation', () => {
  const net = { kind: 'SymbolId' as const, value: testId('effect:net') };
  const signature = 'std.list.fetch(read List[Text]) -> Bytes';
  const f = makeFixture();
  f.candidates.push(
    makeCandidate('fetch', {
      signature,
      effects: [{ identity: net, display: 'net', status: 'provisional', public: true, dependencies: [] }],
    }),
  );
  const occ = f.occurrences[0];
  if (occ === undefined) throw new Error('fixture');
  occ.capabilities = [net];
  const fx = load(f);
  const fetchRow = (listed: boolean): OperationFact =>
    row('fetch', signature, {
      status: 'provisional',
      effects: listed ? [{ identity: net, display: 'net', status: 'provisional' }] : [],
      availability: 'unavailable',
      rejection_reasons: ['incomplete-analysis'],
    });
  const general = requestOn(fx, { query: { include_unavailable: true } });
  const explain = requestOn(fx, { query: { kind: 'explain-operation', spelling: 'fetch' } });
  const A = { readings: kitReadings().with('KIT-12', { label: 'A' }) };
  const text = (req: DiscoveryRequestV1, options = {}): string =>
    new TextDecoder().decode(evaluateQuery(bytesOf(req), fx, options));
  const partial = (req: DiscoveryRequestV1, operations: OperationFact[]): string =>
    textOf(result(req, { status: 'partial', operations }));
  assert.is(text(general), partial(general, [fetchRow(false), LENGTH_ROW]), 'general, C');
  assert.is(text(general, A), partial(general, [fetchRow(true), LENGTH_ROW]), 'general, A');
  assert.is(text(explain), partial(explain, [fetchRow(false)]), 'explanation, C');
  assert.is(text(explain, A), partial(explain, [fetchRow(false)]), 'explanation, A');
  // So A is the named alternative of the general query only.
  const names = (req: DiscoveryRequestV1): string[] =>
    answersWithAlternatives(bytesOf(req), fx).alternatives.map((a) => a.name);
  assert.equal(names(general), ['non-validated-public-effects-listed']);
  assert.equal(names(explain), []);
});

// KD-OWN-04/05/06, KIT-06, OQ-44 A.
test('read, edit and take are each judged on their own', () => {
  const f = makeFixture();
  f.candidates.push(
    makeCandidate('push', { required_mode: 'edit' }),
    makeCandidate('drain', { required_mode: 'take' }),
  );
  const reasons = (permits: { read: boolean; edit: boolean; take: boolean }): Record<string, string[]> => {
    const occ = f.occurrences[0];
    if (occ === undefined) throw new Error('fixture');
    occ.permits = permits;
    const fx = load(f);
    const r = answer(fx, requestOn(fx, { query: { include_unavailable: true } })).result;
    return Object.fromEntries(r.operations.map((o) => [o.display_name, o.rejection_reasons]));
  };
  assert.equal(reasons({ read: true, edit: false, take: false }), {
    length: [],
    push: ['requires-edit'],
    drain: ['requires-take'],
  });
  assert.equal(
    reasons({ read: true, edit: true, take: false }),
    { length: [], push: [], drain: ['requires-take'] },
    'edit does not imply take',
  );
  assert.equal(reasons({ read: false, edit: false, take: true }), {
    length: ['requires-read'],
    push: ['requires-edit'],
    drain: [],
  });
  assert.equal(reasons({ read: true, edit: true, take: true }), { length: [], push: [], drain: [] });
});

// KIT-07, KD-TYPE-06, KD-CLOSURE-10, KIT-11, KD-DISCLOSE-05.
test('an error reached by the type fact: rejected-by-diagnostic with its diagnostic, primary withheld', () => {
  const f = makeFixture();
  const bad = testId('node:bad');
  const diag = testId('diag:E0001');
  f.facts.push({ source: 'live', kind: 'NodeId', value: bad, status: 'error', depends_on: [], diagnostic_ids: [diag] });
  const languages = f.facts[0];
  if (languages === undefined) throw new Error('fixture');
  languages.depends_on = [{ source: 'live', kind: 'NodeId', value: bad }];
  f.diagnostics.push({
    id: diag,
    code: 'E0001',
    severity: 'error',
    category: 'type',
    template_id: 'type.mismatch',
    primary: { file_id: IDS.file, span: { start: 0, end: 3 } },
    disclose_primary: false,
    fallback_text: 'mismatched types',
  });
  const fx = load(f);
  const req = requestOn(fx);
  const expected = result(req, {
    status: 'partial',
    type: {
      status: 'error',
      identity: null,
      display: 'List[Text]',
      dependencies: [{ source: 'live', kind: 'NodeId', value: IDS.languagesNode, status: 'error' }],
      diagnostic_ids: [diag],
      reason: 'rejected-by-diagnostic',
    },
    diagnostics: [
      {
        id: diag,
        code: 'E0001',
        severity: 'error',
        category: 'type',
        template_id: 'type.mismatch',
        primary: null,
        fallback_text: 'mismatched types',
      },
    ],
  });
  // Without a TypeId, the List[Text] candidate does not apply (KIT-02).
  assert.is(answer(fx, req).text, textOf(expected));
});

// KIT-01, OQ-13 A, OQ-46 B, OQ-36.
test('cancelled, missing current-file facts, and an interface set over 4,096', () => {
  const unavailable = (req: DiscoveryRequestV1, reason: DiscoveryResultV1['reason']): string =>
    textOf({
      ...RESULT_HEAD,
      status: 'unavailable',
      analysis: { ...req.analysis },
      type: null,
      operations: [],
      omissions: [],
      diagnostics: [],
      reason,
      truncated: false,
    });
  const cancelled = makeFixture();
  cancelled.cancelled = true;
  const c = load(cancelled);
  assert.is(answer(c, requestOn(c)).text, unavailable(requestOn(c), 'cancelled-before-analysis'));
  for (const facts of ['kif-only', 'sidecar-rejected'] as const) {
    const f = makeFixture();
    f.current_file_facts = facts;
    const fx = load(f);
    assert.is(answer(fx, requestOn(fx)).text, unavailable(requestOn(fx), 'incomplete-current-file-facts'), facts);
    // A position fault comes first (KIT-01).
    assert.is(answer(fx, requestOn(fx, { position: { byte_offset: 0 } })).text, INVALID('invalid-position'));
  }
  const big = makeFixture();
  for (let i = 0; i < 4096; i++) {
    big.interfaces.push({
      package_id: testId(`pkg:${i}`),
      module_id: testId(`mod:${i}`),
      module: `m${i}`,
      view: 'public',
      semantic_digest: testId(`kif:${i}`),
      validated: true,
      names_in_scope: false,
    });
  }
  const b = load(big);
  assert.ok(b.interfaceSetOverCap);
  assert.is(answer(b, requestOn(b)).text, unavailable(requestOn(b), 'limit-exhausted'));
});

// KIT-05, OQ-34 A: two applicable rows share the spelling.
test('explain-operation with two applicable candidates: the first by SymbolId, ambiguous', () => {
  const f = makeFixture();
  // testId('symbol:std.list.length') = 61b41ebb… < testId('symbol:other.length') = 6d62f510… (sha256sum).
  const second = makeCandidate('length', { identity: testId('symbol:other.length'), qualified_name: 'other.length' });
  f.candidates.push(second);
  const fx = load(f);
  const req = requestOn(fx, { query: { kind: 'explain-operation', spelling: 'length' } });
  const first = { ...LENGTH_ROW, availability: 'unavailable' as const, rejection_reasons: ['ambiguous' as const] };
  assert.is(answer(fx, req).text, textOf(result(req, { operations: [first] })));
});

// KIT-05: a visible candidate for another receiver type explains itself with type-mismatch.
test('explain-operation of an operation of another type: type-mismatch', () => {
  const f = makeFixture();
  f.candidates.push(
    makeCandidate('words', {
      receiver_type: testId('type:Text'),
      signature: 'std.list.words(read Text) -> List[Text]',
    }),
  );
  const fx = load(f);
  const req = requestOn(fx, { query: { kind: 'explain-operation', spelling: 'words' } });
  const words = row('words', 'std.list.words(read Text) -> List[Text]', {
    availability: 'unavailable',
    rejection_reasons: ['type-mismatch'],
  });
  assert.is(answer(fx, req).text, textOf(result(req, { operations: [words] })));
  // A general query does not list it (KD-ACCEPT-06).
  const general = requestOn(fx, { query: { include_unavailable: true } });
  assert.is(answer(fx, general).text, textOf(result(general, { operations: [LENGTH_ROW] })));
});

test.run();
