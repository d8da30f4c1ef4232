/**
 * The named alternatives the vectors carry are computed from the register by running the oracle under each
 * alternative reading (alternative-answers.ts), never stated by a case. Worked from the readings: OQ-01 C accepts each
 * other mismatching stale field's reason (a wrong FileId wins under every reading, L132); OQ-03 B answers a layout-only
 * deviation as its canonical request; KIT-12 A lists a public non-validated effect in a general query only (L421 keeps
 * an explanation to validated ones).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { encodeCanonical, evaluateQuery, type JsonObject } from '../../oracle/index.js';
import { allCases } from '../all-cases.js';
import type { QueryCase } from '../case-definition.js';
import { loaded } from '../fixtures/request-for.js';
import { caseAnswers } from './generate-vectors.js';

const queries = allCases().filter((c): c is QueryCase => c.kind === 'query');
const byId = (id: string): QueryCase => {
  const c = queries.find((q) => q.id === id);
  if (c === undefined) throw new Error(`no case ${id}`);
  return c;
};
const names = (id: string): string[] => caseAnswers(byId(id)).alternatives.map((a) => a.name);

test('a combination of n stale fields after the FileId carries n - 1 other-stale-reason alternatives', () => {
  assert.equal(names('stale/combined-all-four-stale-fields'), [
    'other-stale-reason/stale-interface-set',
    'other-stale-reason/stale-generation',
    'other-stale-reason/stale-semantic-compatibility',
  ]);
  assert.equal(names('stale/combined-source-and-generation'), ['other-stale-reason/stale-generation']);
  assert.equal(names('stale/combined-wrong-file-and-source'), []);
  for (const a of caseAnswers(byId('stale/combined-all-four-stale-fields')).alternatives) {
    const r = JSON.parse(new TextDecoder().decode(a.bytes)) as { status: string; reason: string };
    assert.equal([r.status, `other-stale-reason/${r.reason}`], ['stale', a.name]);
  }
});

test('a layout-only deviation carries lenient-layout: the answer to its canonical request', () => {
  let seen = 0;
  for (const c of queries) {
    if (!c.id.startsWith('invalid/layout-') && !c.id.startsWith('invalid/key-out-of-order')) continue;
    if (!('bytes' in c.request)) continue;
    seen += 1;
    const answers = caseAnswers(c);
    const canonical = encodeCanonical(JSON.parse(new TextDecoder().decode(c.request.bytes)) as JsonObject);
    assert.equal(
      answers.alternatives.map((a) => [a.name, a.interpretation]),
      [['lenient-layout', 'OQ-03']],
      c.id,
    );
    assert.equal(answers.alternatives[0]?.bytes, evaluateQuery(canonical, loaded(c.fixture)), c.id);
  }
  assert.ok(seen >= 9);
  for (const id of ['invalid/utf8-bom', 'invalid/unicode-escape', 'invalid/solidus-escape', 'invalid/duplicate-key'])
    assert.equal(names(id), [], `${id}: not layout`);
});

test('KIT-12 A is carried by general queries over a public non-validated effect, never by an explanation', () => {
  for (const id of ['effect/non-validated-effect-held', 'effect/non-validated-effect-missing'])
    assert.equal(names(id), ['non-validated-public-effects-listed'], id);
  // Its reason says what a provider answering so did and where it may: a general query (never an explanation, L421),
  // a public effect that is not validated, reading A of KIT-12 and the lines that allow it (L298, L300).
  const reason = caseAnswers(byId('effect/non-validated-effect-held')).alternatives[0]?.reason ?? '';
  for (const part of ['general query', 'public effect requirement that is not validated', 'KIT-12 A', 'L298', 'L300'])
    assert.ok(reason.includes(part), `${part} in ${reason}`);
  for (const c of queries) {
    if (!('record' in c.request) || c.request.record.query.kind !== 'explain-operation') continue;
    if (!c.fixture.candidates.some((d) => d.effects.some((e) => e.public))) continue;
    assert.not.ok(names(c.id).includes('non-validated-public-effects-listed'), c.id);
  }
});

test.run();
