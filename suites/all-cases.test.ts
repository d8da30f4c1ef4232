import { createHash } from 'node:crypto';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { caseProblems } from './generate/case-problems.js';
import { readClauseIndex } from './generate/clause-index.js';
import { readRenames, registerIds } from './generate/kit-registers.js';
import { interpretationsRegister } from '../oracle/register/interpretations-register.js';
import { encodeCanonical, encodeFixtureJson } from '../oracle/canonical-json/encode-canonical.js';
import type { JsonObject } from '../oracle/canonical-json/json-value.js';
import { ACCEPTANCE_EXAMPLE_IDS, allCases } from './all-cases.js';
import { CATEGORIES } from './case-definition.js';
import { LENIENT_LAYOUT_CODES, readRequest } from '../oracle/verifier/read-request.js';
import { canonicalLayoutOf } from '../oracle/pipeline/lenient-layout.js';

const cases = allCases();

test('every category has at least 15 cases', () => {
  for (const category of CATEGORIES) {
    const n = cases.filter((c) => c.category === category).length;
    assert.ok(n >= 15, `${category} has ${n} cases`);
  }
});

test(
  "ids are unique, <category>/<slug> with the case's own category, " +
    'and cite only registered clauses and interpretations',
  () => {
    const index = readClauseIndex();
    const known = {
      interpretations: registerIds(interpretationsRegister()),
      ...(index === undefined ? {} : { clauses: new Set(index.clauses.map((c) => c.id)) }),
    };
    assert.equal(caseProblems(cases, readRenames(), known), []);
    assert.is(new Set(cases.map((c) => c.id)).size, cases.length);
    for (const c of cases) assert.ok(c.id.startsWith(`${c.category}/`), c.id);
  },
);

test('each acceptance example of the contract is a named case', () => {
  const ids = new Set(cases.map((c) => c.id));
  for (const [example, id] of Object.entries(ACCEPTANCE_EXAMPLE_IDS)) assert.ok(ids.has(id), `${example}: ${id}`);
  // The seven examples of the contract's "Required acceptance examples".
  const named = Object.keys(ACCEPTANCE_EXAMPLE_IDS).map((k) => k.replace(/ \(.*\)$/, ''));
  assert.equal([...new Set(named)].sort(), [
    'Complete List[Text]',
    'Effects and capabilities',
    'Hidden extension',
    'Imported extension',
    'Incomplete generic value',
    'Unsatisfied trait bound',
    'read, edit, and take',
  ]);
});

test('the invalid category has a raw-bytes case for each rejection rule named in the task list', () => {
  const ids = new Set(cases.filter((c) => c.category === 'invalid').map((c) => c.id.slice('invalid/'.length)));
  for (const slug of [
    'utf8-bom',
    'missing-final-lf',
    'extra-final-lf',
    'crlf-line-ends',
    'line-comment',
    'block-comment',
    'trailing-second-object',
    'float-value',
    'exponent-value',
    'sign-minus-zero',
    'leading-zero',
    'u32-out-of-range',
    'unicode-escape',
    'newline-escape',
    'raw-control-character',
    'non-nfc-string',
    'overlong-utf8',
    'encoded-surrogate',
    'truncated-utf8',
    'duplicate-key',
    'key-out-of-order',
    'unknown-top-level-field',
    'missing-top-level-field',
    'wrong-schema-version',
    'unknown-query-kind',
    'id-uppercase',
    'id-63-characters',
    'spelling-for-operations',
    'spelling-null-for-explain',
    'span-start-after-end',
    'over-64-kib',
    'over-depth-16',
    'top-level-array',
    'layout-space-before-colon',
    'layout-tab-indentation',
    'layout-minified',
    'layout-four-space-indentation',
  ]) {
    assert.ok(ids.has(slug), slug);
  }
});

test('no two query cases send the same request bytes on the same fixture', () => {
  const seen = new Map<string, string>();
  for (const c of cases) {
    if (c.kind !== 'query') continue;
    const request =
      'record' in c.request ? encodeCanonical(c.request.record as unknown as JsonObject) : c.request.bytes;
    const key = `${createHash('sha256')
      .update(encodeFixtureJson(c.fixture as unknown as JsonObject))
      .digest('hex')}:${createHash('sha256').update(request).digest('hex')}`;
    assert.is(seen.get(key), undefined, `${c.id} repeats ${seen.get(key) ?? ''}`);
    seen.set(key, c.id);
  }
});

test('the lenient-layout alternative follows the one list of what layout may differ (OQ-03 B)', () => {
  // The oracle's layout reading (OQ-03 B, which computes the lenient-layout alternative) applies exactly where the
  // verifier reads the request leniently, so a provider that parses leniently is never failed by one and passed by the
  // other: whitespace, key order and line ends, no BOM and no escape (LENIENT_LAYOUT_CODES).
  for (const c of cases) {
    if (c.kind !== 'query') continue;
    const request =
      'record' in c.request ? encodeCanonical(c.request.record as unknown as JsonObject) : c.request.bytes;
    const reading = readRequest(request);
    const lenient = reading.kind === 'valid' && !reading.canonical;
    const cause = reading.kind === 'valid' ? reading.layoutFault : reading.cause;
    assert.is(canonicalLayoutOf(request) !== undefined, lenient, `${c.id}: ${cause?.code ?? 'canonical'}`);
    if (lenient) assert.ok(LENIENT_LAYOUT_CODES.includes(cause?.code ?? ''), c.id);
  }
});

test.run();
