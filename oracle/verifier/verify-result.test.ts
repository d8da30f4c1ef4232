import { test } from 'uvu';
import * as assert from 'uvu/assert';
import fc from 'fast-check';
import { verifyResult } from './verify-result.js';
import { COMPLETE, IDS, INVALID_REQUEST, STALE, bytes, mutate, requestText } from '../test-support/result-texts.js';
import type { Violation } from '../violation.js';

/** The violations as `clause code where` lines, for exact comparison. */
const lines = (vs: readonly Violation[]): string[] =>
  vs.map((v) => `${v.clause} ${v.code} ${v.pointer !== undefined ? `at ${v.pointer}` : `byte ${String(v.offset)}`}`);

const verify = (text: string, request?: string): string[] =>
  lines(verifyResult(bytes(text), request === undefined ? {} : { request: bytes(request) }));

// The top-level reason (the type fact has one too).
const TOP_REASON = '"reason": null,\n  "schema"';
const LIMIT_REASON = '"reason": "limit-exhausted",\n  "schema"';

// A partial variant of COMPLETE: the row's declaration fact is provisional.
const PARTIAL = mutate(
  mutate(
    mutate(
      mutate(COMPLETE, '"status": "complete"', '"status": "partial"'),
      `"availability": "callable",
      "dependencies": [
        {
          "kind": "SymbolId",
          "source": "kif",
          "status": "validated",`,
      `"availability": "unavailable",
      "dependencies": [
        {
          "kind": "SymbolId",
          "source": "kif",
          "status": "provisional",`,
    ),
    '"rejection_reasons": []',
    `"rejection_reasons": [
        "incomplete-analysis"
      ]`,
  ),
  `"source": null,
      "status": "validated",`,
  `"source": null,
      "status": "provisional",`,
);

test('the hand-written complete, partial and stale results are clean', () => {
  assert.equal(verify(COMPLETE), []);
  assert.equal(verify(COMPLETE, requestText()), []);
  assert.equal(verify(PARTIAL), []);
  assert.equal(verify(PARTIAL, requestText({ includeUnavailable: true })), []);
  assert.equal(verify(STALE), []);
  assert.equal(verify(STALE, requestText({ generation: 16 })), []);
});

test('KD-CANON-02: a missing final LF is reported at the end, and the record is still checked', () => {
  const text = COMPLETE.slice(0, -1);
  assert.equal(verify(text), [`KD-CANON-02 final-lf byte ${text.length}`]);
  const alsoBad = mutate(text, TOP_REASON, LIMIT_REASON);
  assert.equal(verify(alsoBad), [
    `KD-CANON-02 final-lf byte ${alsoBad.length}`,
    'KD-RES-06 complete-with-reason at /reason',
  ]);
});

test('KD-CANON-05: keys out of order are reported at the second key', () => {
  const text = mutate(
    COMPLETE,
    '  "authoritative": false,\n  "diagnostics": [],',
    '  "diagnostics": [],\n  "authoritative": false,',
  );
  assert.equal(verify(text), [`KD-CANON-05 key-order byte ${text.indexOf('"authoritative"')}`]);
});

test('KD-CANON-07: a duplicate key behind an earlier layout fault is still named', () => {
  const text = mutate(COMPLETE, TOP_REASON, '"reason":  null,\n  "reason": null,\n  "schema"');
  const second = text.indexOf('"reason": null');
  assert.equal(verify(text), [
    `KD-CANON-07 duplicate-key byte ${second}`,
    `KD-CANON-13 layout byte ${text.indexOf(':  null') + 2}`,
  ]);
});

test('KD-LIMIT-03: bytes over 4 MiB are refused on length and still checked leniently', () => {
  const pad = ' '.repeat(4 * 1024 * 1024);
  const text = COMPLETE.slice(0, -1) + pad + '\n';
  assert.equal(verify(text), ['KD-LIMIT-03 size byte 4194304']);
});

test('non-JSON bytes yield only the codec fault', () => {
  assert.equal(verify('%PDF-1.7\n'), ['KD-CANON-02 syntax byte 0']);
});

test('status table: each mutation breaks one row of it', () => {
  const cases: [string, string, string][] = [
    [TOP_REASON, LIMIT_REASON, 'KD-RES-06 complete-with-reason at /reason'],
    ['"truncated": false', '"truncated": true', 'KD-LIMIT-12 complete-truncated at /truncated'],
    [
      '"omissions": [],',
      `"omissions": [
    {
      "reason": "hidden-by-visibility",
      "requested_spelling": null
    }
  ],`,
      'KD-RES-07 complete-with-omission at /omissions/0',
    ],
  ];
  for (const [from, to, want] of cases) assert.equal(verify(mutate(COMPLETE, from, to)), [want], want);
  assert.equal(verify(mutate(PARTIAL, TOP_REASON, LIMIT_REASON)), ['KD-RES-09 partial-with-reason at /reason']);
  const unavailable = mutate(
    mutate(STALE, '"status": "stale"', '"status": "unavailable"'),
    '"reason": "stale-generation"',
    '"reason": "limit-exhausted"',
  );
  assert.equal(verify(unavailable), []);
  assert.equal(verify(mutate(unavailable, '"truncated": false', '"truncated": true')), [
    'KD-RES-13 unavailable-truncated at /truncated',
  ]);
  assert.equal(verify(mutate(unavailable, '"reason": "limit-exhausted"', '"reason": "stale-source"')), [
    'KD-RES-13 unavailable-reason at /reason',
  ]);
  const invalid = mutate(
    mutate(
      mutate(STALE, '"status": "stale"', '"status": "invalid"'),
      '"reason": "stale-generation"',
      '"reason": "invalid-request"',
    ),
    STALE.slice(STALE.indexOf('"analysis": {'), STALE.indexOf('  "authoritative"')),
    '"analysis": null,\n',
  );
  assert.equal(verify(invalid), []);
  assert.equal(verify(mutate(invalid, '"reason": "invalid-request"', '"reason": "wrong-file"')), [
    'KD-RES-15 invalid-reason at /reason',
  ]);
});

test('KD-RES-08/09: a partial result needs a useful fact and an explanation', () => {
  // Every fact validated and nothing withheld: nothing explains incompleteness.
  const unexplained = mutate(COMPLETE, '"status": "complete"', '"status": "partial"');
  assert.equal(verify(unexplained), ['KD-RES-09 partial-without-explanation at ']);
  // No type fact and no row: nothing useful, and nothing explains it either.
  const empty = mutate(
    mutate(STALE, '"status": "stale"', '"status": "partial"'),
    '"reason": "stale-generation"',
    '"reason": null',
  );
  assert.equal(verify(empty), [
    'KD-RES-08 partial-without-useful-fact at ',
    'KD-RES-09 partial-without-explanation at ',
  ]);
});

test('closure: listed dependency and nested statuses bound the fact', () => {
  const depProvisional = mutate(
    COMPLETE,
    `"source": "live",
        "status": "validated",`,
    `"source": "live",
        "status": "provisional",`,
  );
  assert.equal(verify(depProvisional), [
    'KD-CLOSURE-09 validated-with-unvalidated-dependency at /type/dependencies/0/status',
  ]);
  const originProvisional = mutate(
    PARTIAL,
    `"value": "${IDS.stdList}"
        },
        "status": "validated",`,
    `"value": "${IDS.stdList}"
        },
        "status": "unavailable",`,
  );
  assert.equal(verify(originProvisional), ['KD-CLOSURE-17 nested-more-restrictive at /operations/0/origin/status']);
  const callableOrigin = mutate(
    COMPLETE,
    `"value": "${IDS.stdList}"
        },
        "status": "validated",`,
    `"value": "${IDS.stdList}"
        },
        "status": "provisional",`,
  );
  assert.equal(verify(callableOrigin), ['KD-ORIGIN-13 callable-origin-not-validated at /operations/0/origin/status']);
});

test('OQ-25 A: an unavailable row shows no signature', () => {
  const unavailableRow = mutate(
    mutate(PARTIAL, '"receiver_mode": "read",', '"receiver_mode": null,'),
    `"source": null,
      "status": "provisional",`,
    `"source": null,
      "status": "unavailable",`,
  );
  assert.equal(verify(unavailableRow), ['KD-CLOSURE-11 unavailable-row-with-signature at /operations/0/signature']);
});

test('OQ-43 A and KD-REJECT-03: rejection reasons of a validated unavailable row', () => {
  const rejected = (reasons: string): string =>
    mutate(
      mutate(COMPLETE, '"availability": "callable",', '"availability": "unavailable",'),
      '"rejection_reasons": [],',
      `"rejection_reasons": [\n${reasons}\n      ],`,
    );
  assert.equal(verify(rejected('        "requires-edit",\n        "type-mismatch"')), []);
  assert.equal(verify(rejected('        "type-mismatch",\n        "requires-edit"')), [
    'KD-REJECT-03 rejection-reasons-order at /operations/0/rejection_reasons/1',
  ]);
  assert.equal(verify(rejected('        "incomplete-analysis"')), [
    'KD-OP-11 validated-row-indefinite-rejection at /operations/0/rejection_reasons/0',
  ]);
});

test('diagnostic references: dangling IDs and unreferenced rows (KD-DIAG-07/08, OQ-30 A)', () => {
  const dangling = mutate(
    COMPLETE,
    '"diagnostic_ids": [],\n      "display_name"',
    `"diagnostic_ids": [\n        "${IDS.diag}"\n      ],\n      "display_name"`,
  );
  assert.equal(verify(dangling), ['KD-DIAG-07 dangling-diagnostic-id at /operations/0/diagnostic_ids/0']);
  const diagnostic = `"diagnostics": [
    {
      "category": "type",
      "code": "E0001",
      "fallback_text": "text",
      "id": "${IDS.diag}",
      "primary": null,
      "severity": "error",
      "template_id": "t"
    }
  ],`;
  assert.equal(verify(mutate(COMPLETE, '"diagnostics": [],', diagnostic)), [
    'KD-DIAG-08 unreferenced-diagnostic at /diagnostics/0',
  ]);
  // OQ-30 A: a stale result never carries diagnostics of an old or other analysis.
  assert.equal(verify(mutate(STALE, '"diagnostics": [],', diagnostic)), [
    'KD-RES-10 stale-with-diagnostics at /diagnostics',
  ]);
});

test('KD-LOOKUP-11, OQ-19 A: no extension row before the extension rules are accepted', () => {
  const extension = mutate(
    COMPLETE,
    `"implementation_identity": null,
        "kind": "function",`,
    `"implementation_identity": {
          "kind": "ImplementationId",
          "value": "${IDS.diag}"
        },
        "kind": "extension",`,
  );
  assert.equal(verify(extension), ['KD-LOOKUP-11 unsupported-origin-row at /operations/0/origin/kind']);
});

test('KD-ORDER-05/06: operation rows sorted by SymbolId and unique', () => {
  const start = COMPLETE.indexOf('    {\n      "availability"');
  const end = COMPLETE.indexOf('\n  ],\n  "reason"');
  const row = COMPLETE.slice(start, end);
  const lower = '0'.repeat(64);
  const other = row.split(IDS.length).join(lower);
  const twice = (first: string, second: string): string =>
    COMPLETE.slice(0, start) + first + ',\n' + second + COMPLETE.slice(end);
  assert.equal(verify(twice(other, row)), []);
  assert.equal(verify(twice(row, other)), ['KD-ORDER-06 operations-order at /operations/1']);
  assert.equal(verify(twice(row, row)), ['KD-ORDER-05 duplicate-operation at /operations/1']);
});

test('request echo: key, kind type, unavailable rows, malformed requests', () => {
  assert.equal(verify(mutate(COMPLETE, '"generation": 17', '"generation": 18'), requestText()), [
    'KD-RES-06 analysis-not-echoed at /analysis/generation',
  ]);
  assert.equal(verify(COMPLETE, requestText({ kind: 'type' })), [
    'KD-RES-16 type-query-with-operations at /operations',
  ]);
  assert.equal(verify(PARTIAL, requestText()), ['KD-REQ-07 unrequested-unavailable-row at /operations/0/availability']);
  // A general query with a spelling is invalid (KD-REQ-09): only invalid/invalid-request answers it.
  assert.equal(verify(COMPLETE, requestText({ spelling: 'length' })), [
    'KD-REQ-09 invalid-request-answered at /status',
  ]);
  // A canonical valid request is never rejected as invalid-request (OQ-10 A).
  assert.equal(verify(INVALID_REQUEST, requestText({ spelling: 'length' })), []);
  assert.equal(verify(INVALID_REQUEST, requestText()), ['KD-RES-15 invalid-reason at /reason']);
  // OQ-03: a layout-only deviation may be answered either way.
  const spaced = requestText().replace('"generation": 17', '"generation":  17');
  assert.equal(verify(INVALID_REQUEST, spaced), []);
  assert.equal(verify(COMPLETE, spaced), []);
});

test('explain-operation: at most one row, and an echoed spelling on every omission (KD-RES-18, KD-OMIT-05)', () => {
  const explain = requestText({ kind: 'explain-operation', spelling: 'size' });
  const withOmission = (spelling: string): string =>
    mutate(
      mutate(COMPLETE, '"status": "complete"', '"status": "partial"'),
      '"omissions": [],',
      `"omissions": [\n    {\n      "reason": "hidden-by-visibility",\n      "requested_spelling": ${spelling}\n    ` +
        `}\n  ],`,
    );
  assert.equal(verify(withOmission('"size"'), explain), []);
  assert.equal(verify(withOmission('"sizes"'), explain), [
    'KD-OMIT-05 omission-spelling-not-echoed at /omissions/0/requested_spelling',
  ]);
  assert.equal(verify(withOmission('null'), explain), [
    'KD-OMIT-05 omission-spelling-not-echoed at /omissions/0/requested_spelling',
  ]);
  assert.equal(verify(withOmission('"size"'), requestText()), [
    'KD-OMIT-06 omission-spelling-in-general-query at /omissions/0/requested_spelling',
  ]);
});

test('output is sorted and deterministic', () => {
  const text = mutate(mutate(COMPLETE, TOP_REASON, LIMIT_REASON), '"truncated": false', '"truncated": true');
  const once = verifyResult(bytes(text));
  assert.equal(lines(once), [
    'KD-LIMIT-12 complete-truncated at /truncated',
    'KD-RES-06 complete-with-reason at /reason',
  ]);
  assert.equal(verifyResult(bytes(text)), once);
});

test('property: any bytes, and any one-byte change of a clean result, verify without throwing', () => {
  const clean = bytes(COMPLETE);
  const request = bytes(requestText());
  fc.assert(
    fc.property(fc.uint8Array({ maxLength: 512 }), (b) => Array.isArray(verifyResult(b, { request }))),
    { seed: 20261201, numRuns: 200 },
  );
  fc.assert(
    fc.property(fc.nat({ max: clean.length - 1 }), fc.integer({ min: 0, max: 255 }), (at, value) => {
      const b = clean.slice();
      b[at] = value;
      const vs = verifyResult(b, { request });
      // Every violation is located and uses a clause of the register.
      return vs.every((v) => /^KD-[A-Z]+-\d{2}$/.test(v.clause) && (v.pointer !== undefined || v.offset !== undefined));
    }),
    { seed: 20261201, numRuns: 300 },
  );
});

test.run();
