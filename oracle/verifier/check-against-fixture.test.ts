import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createHash } from 'node:crypto';
import { loadFixture, type LoadedFixture } from '../fixture/load-fixture.js';
import { withDerivedDigests } from '../fixture/view-semantic-digest.js';
import type { FixtureV1 } from '../fixture/fixture.js';
import { makeCandidate, makeFixture } from '../test-support/make-fixture.js';
import type { Violation } from '../violation.js';
import { verifyResult } from './verify-result.js';
import {
  COMPLETE,
  IDS,
  INTERFACE_SET_SHA256,
  STALE,
  bytes,
  mutate,
  requestText,
} from '../test-support/result-texts.js';

const sha = (s: string): string => createHash('sha256').update(s).digest('hex');
const SECRET = sha('symbol:std.list.secret_sauce');
const SECRET_DOC = sha('doc:secret_sauce');

function load(change: (f: FixtureV1) => void = () => {}): LoadedFixture {
  const f = makeFixture();
  change(f);
  const loaded = loadFixture(withDerivedDigests(f));
  if (!loaded.ok) throw new Error(`test fixture refused: ${JSON.stringify(loaded.violations[0])}`);
  return loaded.fixture;
}

/**
 * The make-fixture world plus a candidate the compiler does not admit here, over another
 * receiver type: a general query never collects it (KIT-02), an explanation of its name does.
 */
const withSecret = (f: FixtureV1): void => {
  f.candidates.push(
    makeCandidate('secret_sauce', {
      identity: SECRET,
      // A current-file declaration, so the std.list view, and the key of the hand-written results, stay as they are.
      home: { kind: 'current-file' },
      receiver_type: sha('type:std.map.Map[Text]'),
      admitted: false,
      documentation: SECRET_DOC,
      source: { file_id: IDS.file, span: { start: 4, end: 13 } },
    }),
  );
};

const lines = (vs: readonly Violation[]): string[] =>
  vs.map((v) => `${v.clause} ${v.code} ${v.pointer !== undefined ? `at ${v.pointer}` : `byte ${String(v.offset)}`}`);

const verify = (text: string | Uint8Array, fixture: LoadedFixture, request?: string): string[] =>
  lines(
    verifyResult(
      typeof text === 'string' ? bytes(text) : text,
      request === undefined ? { fixture } : { fixture, request: bytes(request) },
    ),
  );

/**
 * `text` under the fixture's current interface-set digest: a test that changes the std.list
 * view's content (a candidate's source) changes the view's digest (KIT-24) and so the key.
 */
const rekeyed = (text: string, fixture: LoadedFixture): string =>
  text.split(INTERFACE_SET_SHA256).join(fixture.currentKey.interface_set_sha256);

const TOP_STATUS = '"status": "complete"';
const NO_ROWS = COMPLETE.slice(COMPLETE.indexOf('"operations": ['), COMPLETE.indexOf('  "reason": null,\n  "schema"'));

test('the hand-written results are clean against their fixture', () => {
  const fixture = load(withSecret);
  assert.equal(verify(COMPLETE, fixture, requestText()), []);
  assert.equal(verify(COMPLETE, fixture), []);
  assert.equal(verify(STALE, fixture, requestText({ generation: 16 })), []);
});

test('KD-CLOSURE-14: a row is never more validated than its fixture facts', () => {
  const fixture = load((f) => {
    const fact = f.facts.find((n) => n.value === IDS.length);
    if (fact !== undefined) fact.status = 'provisional';
  });
  // The row the hand-written result shows validated is provisional by the facts; by default (include_unavailable
  // false) such a row is kept out and the result says it is incomplete (OQ-32 D), hence the missing omission too.
  assert.equal(
    verify(COMPLETE, fixture, requestText()).sort(),
    [
      'KD-CLOSURE-14 status-upgraded at /operations/0/dependencies/0/status',
      'KD-CLOSURE-14 status-upgraded at /operations/0/status',
      'KD-RES-09 omission-missing at /omissions',
    ].sort(),
  );
});

test('KD-CLOSURE-14: the type fact is never more validated than its occurrence', () => {
  // The occurrence's own type fact is validated, but the node it rests on is not.
  const fixture = load((f) => {
    const node = f.facts.find((n) => n.value === IDS.languagesNode);
    if (node !== undefined) node.status = 'provisional';
  });
  // Without a validated type no List[Text] operation applies (KIT-02), so the row is not one of this receiver.
  assert.equal(verify(COMPLETE, fixture, requestText()), [
    'KD-ACCEPT-06 row-not-applicable at /operations/0/identity',
    'KD-CLOSURE-14 status-upgraded at /type/dependencies/0/status',
    'KD-CLOSURE-14 status-upgraded at /type/status',
  ]);
});

test('staleness against the current key (KD-STALE-04, KD-RES-11, OQ-01)', () => {
  const fixture = load();
  // Generation 16 against the current 17: facts answered to it relabel old facts as current, and the comparison
  // that failed is the generation's (L425: a generation mismatch returns stale; OQ-38 A: any inequality).
  const relabelled = mutate(COMPLETE, '"generation": 17', '"generation": 16');
  assert.equal(verify(relabelled, fixture, requestText({ generation: 16 })), [
    'KD-STALE-04 stale-not-reported at /status',
  ]);
  assert.equal(verify(relabelled, fixture), ['KD-STALE-04 stale-not-reported at /status']);
  assert.equal(
    verify(mutate(STALE, '"stale-generation"', '"stale-source"'), fixture, requestText({ generation: 16 })),
    ['KD-RES-11 stale-reason-mismatch at /reason'],
  );
  const current = mutate(STALE, '"generation": 16', '"generation": 17');
  assert.equal(verify(current, fixture, requestText()), ['KD-RES-11 stale-without-mismatch at /status']);
});

test('KD-LIMIT-10: a type fact over the 64-dependency cap forces truncated: true (OQ-09 A, KIT-17 A)', () => {
  // The occurrence's type rests on 65 validated nodes: its fact cannot list them all (L77), so it is cut whatever
  // the result marks, and a result that shows facts is truncated.
  const fixture = load((f) => {
    const extra = Array.from({ length: 64 }, (_, i) => sha(`node:extra-${i}`));
    for (const value of extra)
      f.facts.push({ source: 'live', kind: 'NodeId', value, status: 'validated', depends_on: [], diagnostic_ids: [] });
    const type = f.occurrences[0]?.type;
    type?.dependencies.push(...extra.map((value) => ({ source: 'live' as const, kind: 'NodeId' as const, value })));
  });
  const found = verify(COMPLETE, fixture, requestText());
  // The cut type is not validated (OQ-09 A), so no List[Text] operation applies to it (KIT-02) and the row is none
  // of its.
  assert.equal(found, [
    'KD-ACCEPT-06 row-not-applicable at /operations/0/identity',
    'KD-LIMIT-06 type-dependencies-over-cap-validated at /type/status',
    'KD-LIMIT-10 forced-cut-not-truncated at /truncated',
  ]);
  // Listing 64 of the 65 and marking the result truncated does not make the cut type validated (L77, L231).
  const extra = Array.from({ length: 64 }, (_, i) => sha(`node:extra-${i}`));
  const listed = [IDS.languagesNode, ...extra].sort().slice(0, 64);
  const dependencies = listed
    .map(
      (value) =>
        `      {\n        "kind": "NodeId",\n        "source": "live",\n        "status": "validated",\n` +
        `        "value": "${value}"\n      }`,
    )
    .join(',\n');
  const typeDeps =
    `    "dependencies": [\n      {\n        "kind": "NodeId",\n        "source": "live",\n        "status": ` +
    `"validated",\n        "value": "${IDS.languagesNode}"\n      }\n    ],`;
  const cut = mutate(
    mutate(
      mutate(COMPLETE, typeDeps, `    "dependencies": [\n${dependencies}\n    ],`),
      TOP_STATUS,
      '"status": "partial"',
    ),
    '"truncated": false',
    '"truncated": true',
  );
  assert.equal(verify(cut, fixture, requestText()), [
    'KD-ACCEPT-06 row-not-applicable at /operations/0/identity',
    'KD-LIMIT-06 type-dependencies-over-cap-validated at /type/status',
  ]);
});

test('KD-CLOSURE-08: a type fact lists each of its direct dependencies, as a row does (OQ-22 A)', () => {
  // The type rests on a second validated node it does not list: its closure cannot be checked against it.
  const second = sha('node:second');
  const fixture = load((f) => {
    f.facts.push({
      source: 'live',
      kind: 'NodeId',
      value: second,
      status: 'validated',
      depends_on: [],
      diagnostic_ids: [],
    });
    f.occurrences[0]?.type.dependencies.push({ source: 'live', kind: 'NodeId', value: second });
  });
  assert.equal(verify(COMPLETE, fixture, requestText()), [
    'KD-CLOSURE-08 type-dependency-missing at /type/dependencies',
  ]);
});

test('KD-POS-07: a span that matches no parsed occurrence is rejected', () => {
  const fixture = load();
  const request = requestText().replace('"start": 43', '"start": 44');
  assert.equal(verify(COMPLETE, fixture, request), ['KD-POS-07 position-not-rejected at /status']);
});

test('KIT-01: boundaries, cancellation and missing current-file facts decide before lookup', () => {
  const request = requestText().replace('"end": 52', '"end": 60');
  assert.equal(verify(COMPLETE, load(), request), ['KD-POS-06 position-not-rejected at /status']);
  assert.equal(
    verify(
      COMPLETE,
      load((f) => (f.cancelled = true)),
      requestText(),
    ),
    ['KD-REASON-01 expected-unavailable at /status'],
  );
  const unavailable = (reason: string): string =>
    mutate(
      mutate(STALE, '"status": "stale"', '"status": "unavailable"'),
      '"reason": "stale-generation"',
      `"reason": "${reason}"`,
    ).replace('"generation": 16', '"generation": 17');
  const kifOnly = load((f) => (f.current_file_facts = 'kif-only'));
  assert.equal(verify(unavailable('incomplete-current-file-facts'), kifOnly, requestText()), []);
  assert.equal(verify(unavailable('limit-exhausted'), kifOnly, requestText()), [
    'KD-LOOKUP-01 expected-unavailable at /reason',
  ]);
  assert.equal(verify(unavailable('cancelled-before-analysis'), load(), requestText()), [
    'KD-RES-13 unavailable-reason-unjustified at /reason',
  ]);
});

test('KD-DISCLOSE-04: a source location only when the compiler marks it disclosable', () => {
  const fixture = load((f) => {
    const c = f.candidates[0];
    if (c !== undefined) c.source = { file_id: IDS.file, span: { start: 0, end: 3 } };
  });
  const withSource = mutate(
    COMPLETE,
    '"source": null,\n      "status"',
    `"source": {\n        "file_id": "${IDS.file}",\n        "span": {\n          "end": 3,\n          "start": ` +
      `0\n        }\n      },\n      "status"`,
  );
  assert.equal(verify(rekeyed(withSource, fixture), fixture, rekeyed(requestText(), fixture)), [
    'KD-DISCLOSE-04 undisclosable-source at /operations/0/source',
  ]);
});

test('leak scan: a hidden name in any text of the result (KD-DISCLOSE-07)', () => {
  const fixture = load(withSecret);
  const stale = mutate(
    STALE,
    '"diagnostics": [],',
    `"diagnostics": [
    {
      "category": "stale",
      "code": "S0001",
      "fallback_text": "cannot see std.list.secret_sauce here",
      "id": "${IDS.diag}",
      "primary": null,
      "severity": "error",
      "template_id": "stale"
    }
  ],`,
  );
  // The diagnostic is none of the compiler's, and a stale result carries none (OQ-30 A).
  assert.equal(verify(stale, fixture, requestText({ generation: 16 })), [
    'KD-DIAG-07 diagnostic-not-in-fixture at /diagnostics/0/id',
    'KD-DISCLOSE-07 hidden-display-name-leak at /diagnostics/0/fallback_text',
    'KD-RES-10 stale-with-diagnostics at /diagnostics',
  ]);
});

test('leak scan: a row for a hidden candidate is reported once (KD-DISCLOSE-03)', () => {
  const fixture = load(withSecret);
  const row = COMPLETE.split(IDS.length).join(SECRET).split('length').join('secret_sauce');
  // The hidden row stands where the callable length row belongs, which is then missing.
  assert.equal(verify(row, fixture, requestText()), [
    'KD-DISCLOSE-03 hidden-candidate-row at /operations/0',
    'KD-LOOKUP-06 callable-row-dropped at /operations',
  ]);
});

test('leak scan: an explanation may echo the spelling and nothing else (KD-DISCLOSE-02, KD-OMIT-07)', () => {
  const fixture = load(withSecret);
  // The type fact, no row, and one omission echoing the user's spelling.
  const explained = (spelling: string): string =>
    mutate(
      mutate(mutate(COMPLETE, TOP_STATUS, '"status": "partial"'), NO_ROWS, '"operations": [],\n'),
      '"omissions": [],',
      `"omissions": [\n    {\n      "reason": "hidden-by-visibility",\n      "requested_spelling": ` +
        `"${spelling}"\n    }\n  ],`,
    );
  assert.equal(
    verify(explained('secret_sauce'), fixture, requestText({ kind: 'explain-operation', spelling: 'secret_sauce' })),
    [],
  );
  assert.equal(
    verify(explained('secret_sauce'), fixture, requestText({ kind: 'explain-operation', spelling: 'sauce' })),
    [
      'KD-OMIT-05 omission-spelling-not-echoed at /omissions/0/requested_spelling',
      'KD-OMIT-07 hidden-display-name-leak at /omissions/0/requested_spelling',
    ],
  );
});

test('leak scan: hidden IDs inside other strings, and in bytes that are not JSON', () => {
  const fixture = load(withSecret);
  const doc = mutate(COMPLETE, '"documentation": null,', `"documentation": "kofun-doc:${SECRET_DOC}",`);
  assert.equal(verify(doc, fixture, requestText()), [
    'KD-DISCLOSE-04 undisclosable-documentation at /operations/0/documentation',
    'KD-DISCLOSE-07 hidden-documentation-id-leak at /operations/0/documentation',
  ]);
  const garbage = `%% ${SECRET}\n`;
  assert.equal(verify(garbage, fixture), ['KD-CANON-02 syntax byte 0', 'KD-DISCLOSE-07 hidden-symbolid-leak byte 3']);
});

test('leak scan: the ID of a diagnostic only a hidden candidate references (KD-DISCLOSE-07)', () => {
  const DIAG = sha('diagnostic:secret_sauce');
  const fixture = load((f) => {
    withSecret(f);
    f.diagnostics.push({
      id: DIAG,
      code: 'E0001',
      severity: 'error',
      category: 'type',
      template_id: 'secret',
      primary: null,
      disclose_primary: false,
      fallback_text: 'about the secret',
    });
    const secret = f.candidates.find((c) => c.identity === SECRET);
    if (secret !== undefined) secret.diagnostic_ids = [DIAG];
  });
  const doc = mutate(COMPLETE, '"documentation": null,', `"documentation": "kofun-doc:${DIAG}",`);
  assert.equal(verify(doc, fixture, requestText()), [
    'KD-DISCLOSE-04 undisclosable-documentation at /operations/0/documentation',
    'KD-DISCLOSE-07 hidden-diagnostic-id-leak at /operations/0/documentation',
  ]);
});

test('leak scan: a hidden source location (KD-DISCLOSE-07)', () => {
  const fixture = load((f) => {
    withSecret(f);
    const c = f.candidates[0];
    if (c !== undefined) c.disclose_source = true;
  });
  const withSource = mutate(
    COMPLETE,
    '"source": null,\n      "status"',
    `"source": {\n        "file_id": "${IDS.file}",\n        "span": {\n          "end": 13,\n          "start": ` +
      `4\n        }\n      },\n      "status"`,
  );
  // The length row's source is marked disclosable, but the compiler has no location for it (L287): the one shown is
  // the hidden candidate's.
  assert.equal(verify(rekeyed(withSource, fixture), fixture, rekeyed(requestText(), fixture)), [
    'KD-DISCLOSE-04 source-without-location at /operations/0/source',
    'KD-DISCLOSE-07 hidden-location-leak at /operations/0/source',
  ]);
});

test.run();
