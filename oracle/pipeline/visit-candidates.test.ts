/**
 * The visit of steps 3 to 8 under the step budget (KIT-10) over candidate series (FIXTURES.md, "candidate_series[]"):
 * stop points worked by hand, and, under fast-check, the same outcome as visiting every member written out as an
 * explicit candidate, one step at a time, in SymbolId byte order.
 */
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { CandidateList } from '../fixture/candidate-list.js';
import type { FixtureCandidate, FixtureCandidateSeries, FixtureInterface, FixtureV1 } from '../fixture/fixture.js';
import type { OmissionReason, Query } from '../records/discovery-records.js';
import { candidate, origin, view } from '../test-support/candidate.js';
import { hex } from '../test-support/ids.js';
import { addReason, type CandidateStage, type CandidateVerdict } from './candidate-verdict.js';
import { Readings } from './readings.js';
import { StepBudget } from './step-budget.js';
import { collectCandidates, environmentOf } from './step-3-collect-candidates.js';
import { visitCandidates, type VisitOutcome } from './visit-candidates.js';

const sha = (s: string): string => createHash('sha256').update(s, 'utf8').digest('hex');
const byBytes = (a: string, b: string): number => Buffer.compare(Buffer.from(a, 'hex'), Buffer.from(b, 'hex'));

const LIST_TEXT = hex(0x7e);
const OTHER_TYPE = hex(0x7f);
const KNOWN = { status: 'validated' as const, diagnostic_ids: [] };
const ops: Query = { kind: 'operations', include_unavailable: false, spelling: null };
const explain = (spelling: string): Query => ({ kind: 'explain-operation', include_unavailable: false, spelling });
const VIEW = view();
const FAILED = view({ module_id: hex(0xa4), validated: false });

/** Five stages (steps 4 to 8) that read only what a template holds, each kind of outcome reachable. */
const STAGES: CandidateStage[] = [
  ({ candidate: c }) => (c.admitted ? null : 'hidden-by-visibility'),
  ({ candidate: c }) => (c.origin.kind === 'extension' ? 'unsupported-in-profile' : null),
  () => null,
  (v) => {
    if (v.candidate.required_mode === 'edit') addReason(v, 'requires-edit');
    return null;
  },
  () => null,
];

type Template = FixtureCandidateSeries['template'];
function template(over: Partial<FixtureCandidate> = {}): Template {
  const { identity: _i, display_name: _d, qualified_name: _q, ...rest } = candidate(0, over);
  return rest;
}
function series(seed: string, count: number, over: Partial<FixtureCandidate> = {}): FixtureCandidateSeries {
  return { seed, count, name_prefix: 'op_', qualified_name_prefix: 'std.list.op_', template: template(over) };
}

type Parts = Pick<FixtureV1, 'interfaces' | 'candidates' | 'candidate_series'>;

function visit(
  parts: Parts,
  query: Query,
  limit: number,
  readings: Readings = Readings.kit(),
): { outcome: VisitOutcome; steps: number } {
  const budget = new StepBudget(limit);
  const environment = environmentOf(parts, CandidateList.of(parts).list);
  const outcome = visitCandidates(environment, collectCandidates(query, LIST_TEXT, KNOWN), STAGES, budget, readings);
  return { outcome, steps: budget.steps };
}

/** Each eligible entry as the candidate it stands for and what its verdict says. */
function eligibleOf(
  outcome: VisitOutcome,
): { identity: string; name: string; applicable: boolean; reasons: string[] }[] {
  return outcome.eligible.map((v, i) => {
    const c = outcome.candidateOf?.(i) ?? v.candidate;
    return { identity: c.identity, name: c.display_name, applicable: v.applicable, reasons: [...v.reasons] };
  });
}

// KIT-10: 2 steps for the unadmitted explicit candidate, then 6 per member; the 7th member needs 6 with 2 left.
test('a budget of 40 stops inside the seventh member: six members eligible, the budget spent', () => {
  const parts: Parts = {
    interfaces: [],
    candidates: [candidate(0, { identity: '0'.repeat(64), admitted: false })],
    candidate_series: [series('gen', 10)],
  };
  const ids = Array.from({ length: 10 }, (_, i) => ({ identity: sha(`gen:${i}`), name: `op_${i}` })).sort((a, b) =>
    byBytes(a.identity, b.identity),
  );
  const stopped = visit(parts, ops, 40);
  assert.is(stopped.steps, 40);
  assert.ok(stopped.outcome.exhausted);
  assert.ok(stopped.outcome.matched);
  // Step 3 passed by the explicit candidate and the six committed members; the seventh was interrupted.
  assert.is(stopped.outcome.matchedCount, 7);
  assert.equal([...stopped.outcome.withheld], ['hidden-by-visibility']);
  assert.equal(
    eligibleOf(stopped.outcome),
    ids.slice(0, 6).map((m) => ({ ...m, applicable: true, reasons: [] })),
  );
  // 2 + 10 * 6 = 62 steps visit everything, and nothing is refused.
  const whole = visit(parts, ops, 62);
  assert.is(whole.steps, 62);
  assert.not.ok(whole.outcome.exhausted);
  assert.is(whole.outcome.matchedCount, 11);
  assert.equal(
    eligibleOf(whole.outcome).map((e) => e.identity),
    ids.map((m) => m.identity),
  );
  assert.ok(visit(parts, ops, 61).outcome.exhausted);
});

// KIT-05, KIT-10: a member whose name is not the spelling leaves at stage 3 (one step); the named one is judged whole.
test('an explanation judges the member its spelling names, and pays one step for every other candidate', () => {
  const parts: Parts = {
    interfaces: [],
    candidates: [candidate(0, { identity: '0'.repeat(64), display_name: 'x' })],
    candidate_series: [series('gen', 10, { receiver_type: OTHER_TYPE, required_mode: 'edit' })],
  };
  const whole = visit(parts, explain('op_7'), 1000);
  assert.is(whole.steps, 1 + 9 + 6);
  assert.ok(whole.outcome.matched);
  assert.is(whole.outcome.matchedCount, 1, 'only the named member has the spelling');
  assert.is(whole.outcome.candidateOf, undefined, 'the named member has a verdict of its own');
  assert.equal(eligibleOf(whole.outcome), [
    { identity: sha('gen:7'), name: 'op_7', applicable: false, reasons: ['type-mismatch', 'requires-edit'] },
  ]);
  // The named member's canonical position: the explicit candidate (all zeros) and the members below it come first.
  const before = 1 + [0, 1, 2, 3, 4, 5, 6, 8, 9].filter((i) => byBytes(sha(`gen:${i}`), sha('gen:7')) < 0).length;
  const cut = visit(parts, explain('op_7'), before + 3);
  assert.is(cut.steps, before + 3);
  assert.ok(cut.outcome.exhausted);
  assert.not.ok(cut.outcome.matched, 'the interrupted member was not committed');
  assert.is(cut.outcome.matchedCount, 0);
  assert.equal(cut.outcome.eligible, []);
  // A spelling no member has: every candidate leaves at stage 3.
  const none = visit(parts, explain('op_10'), 1000);
  assert.is(none.steps, 11);
  assert.not.ok(none.outcome.matched);
});

// KIT-03: a series of a view that failed validation, or of a view the fixture lacks, is outside the environment.
test('a series outside the environment costs nothing', () => {
  const home = (v: FixtureInterface): FixtureCandidate['home'] => ({
    kind: 'interface',
    package_id: v.package_id,
    module_id: v.module_id,
  });
  const parts: Parts = {
    interfaces: [VIEW, FAILED],
    candidates: [],
    candidate_series: [
      series('failed', 5, { home: home(FAILED) }),
      series('absent', 5, { home: { kind: 'interface', package_id: hex(0xb1), module_id: hex(0xb2) } }),
      series('view', 3, { home: home(VIEW) }),
    ],
  };
  const r = visit(parts, ops, 1000);
  assert.is(r.steps, 18);
  assert.equal(
    eligibleOf(r.outcome).map((e) => e.identity),
    [0, 1, 2].map((i) => sha(`view:${i}`)).sort(byBytes),
  );
});

const IN_VIEW: FixtureCandidate['home'] = { kind: 'interface', package_id: VIEW.package_id, module_id: VIEW.module_id };
/**
 * In canonical order: an admitted current-file candidate (eligible after 6 steps), an interface candidate the compiler
 * does not admit (withheld at stage 4: 2 steps), an admitted interface candidate (6 steps), a current-file candidate
 * that is not admitted (KIT-19 A: 2 steps, B: 1), and another unadmitted interface candidate (2 steps).
 */
const ADMISSION: Parts = {
  interfaces: [VIEW],
  candidates: [
    candidate(1),
    candidate(2, { home: IN_VIEW, admitted: false }),
    candidate(3, { home: IN_VIEW }),
    candidate(4, { admitted: false }),
    candidate(5, { home: IN_VIEW, admitted: false }),
  ],
  candidate_series: [],
};

/** What a visit found, in the terms a test states by hand. */
function summary(r: { outcome: VisitOutcome; steps: number }) {
  return {
    steps: r.steps,
    exhausted: r.outcome.exhausted,
    matchedCount: r.outcome.matchedCount,
    withheld: [...r.outcome.withheld].sort(),
    eligible: eligibleOf(r.outcome).map((e) => e.identity),
  };
}

// KIT-19: under A current-file admission is judged in stage 4 with the other exposure rules; under B at stage 3, for
// current-file candidates only. Either way the candidate is withheld as hidden-by-visibility after passing step 3.
test('KIT-19: an unadmitted current-file candidate costs 2 steps under A, 1 under B; an interface one 2', () => {
  const both = { exhausted: false, matchedCount: 5, withheld: ['hidden-by-visibility'], eligible: [hex(1), hex(3)] };
  assert.equal(summary(visit(ADMISSION, ops, 1000)), { steps: 6 + 2 + 6 + 2 + 2, ...both });
  const b = Readings.kit().with('KIT-19', { label: 'B' });
  assert.equal(summary(visit(ADMISSION, ops, 1000, b)), { steps: 6 + 2 + 6 + 1 + 2, ...both });
  // 14 steps reach the fourth candidate, whose first step is refused: it is not committed, though B would withhold it
  // at that very step.
  assert.equal(summary(visit(ADMISSION, ops, 14, b)), {
    steps: 14,
    exhausted: true,
    matchedCount: 3,
    withheld: ['hidden-by-visibility'],
    eligible: [hex(1), hex(3)],
  });
});

// OQ-07 C: one step per candidate, whatever stages it enters.
test('OQ-07 C: each candidate costs one step, and a refused step commits nothing more', () => {
  const c = Readings.kit().with('OQ-07', { label: 'C' });
  assert.equal(summary(visit(ADMISSION, ops, 1000, c)), {
    steps: 5,
    exhausted: false,
    matchedCount: 5,
    withheld: ['hidden-by-visibility'],
    eligible: [hex(1), hex(3)],
  });
  // Two steps judge the first two candidates; the third is refused and the visit stops there.
  assert.equal(summary(visit(ADMISSION, ops, 2, c)), {
    steps: 2,
    exhausted: true,
    matchedCount: 2,
    withheld: ['hidden-by-visibility'],
    eligible: [hex(1)],
  });
});

// OQ-44: A keeps every reason a candidate meets (step 3's type-mismatch and step 7's requires-edit); B keeps only those
// of the first step that rejects it. A candidate one step rejects keeps that step's reasons under both.
test("OQ-44: the reasons of several rejecting steps, every one under A, the first step's under B", () => {
  const parts: Parts = {
    interfaces: [],
    candidates: [
      candidate(1, { display_name: 'op', receiver_type: OTHER_TYPE, required_mode: 'edit' }),
      candidate(2, { display_name: 'op', required_mode: 'edit' }),
      candidate(3, { display_name: 'op' }),
      candidate(4, { display_name: 'other', required_mode: 'edit' }),
    ],
    candidate_series: [],
  };
  const judged = (first: string[]) => [
    { identity: hex(1), name: 'op', applicable: false, reasons: first },
    { identity: hex(2), name: 'op', applicable: true, reasons: ['requires-edit'] },
    { identity: hex(3), name: 'op', applicable: true, reasons: [] },
  ];
  const a = visit(parts, explain('op'), 1000);
  assert.equal(eligibleOf(a.outcome), judged(['type-mismatch', 'requires-edit']));
  // KIT-13 B counts the candidates with the spelling: three.
  assert.is(a.outcome.matchedCount, 3);
  const b = visit(parts, explain('op'), 1000, Readings.kit().with('OQ-44', { label: 'B' }));
  assert.equal(eligibleOf(b.outcome), judged(['type-mismatch']));
});

/** The visit as KIT-10 states it, over every member written out: one step per stage entered, in SymbolId order. */
function reference(parts: Parts, query: Query, limit: number) {
  const written: FixtureCandidate[] = [...parts.candidates];
  for (const s of parts.candidate_series) {
    for (let i = 0; i < s.count; i++) {
      written.push({
        ...structuredClone(s.template),
        identity: sha(`${s.seed}:${i}`),
        display_name: `${s.name_prefix}${i}`,
        qualified_name: `${s.qualified_name_prefix}${i}`,
      });
    }
  }
  const validated = new Set(parts.interfaces.filter((i) => i.validated).map((i) => i.package_id + i.module_id));
  const inside = written
    .filter((c) => c.home.kind === 'current-file' || validated.has(c.home.package_id + c.home.module_id))
    .sort((a, b) => byBytes(a.identity, b.identity));
  const collect = collectCandidates(query, LIST_TEXT, KNOWN);
  let steps = 0;
  let exhausted = false;
  let matched = false;
  let matchedCount = 0;
  const withheld = new Set<OmissionReason>();
  const eligible: CandidateVerdict[] = [];
  const take = (): boolean => {
    if (steps === limit) exhausted = true;
    else steps += 1;
    return !exhausted;
  };
  visit: for (const c of inside) {
    if (!take()) break;
    const verdict = collect(c);
    if (verdict === null) continue;
    let reason: OmissionReason | null = null;
    for (const stage of STAGES) {
      if (!take()) break visit;
      reason = stage(verdict);
      if (reason !== null) break;
    }
    matched = true;
    matchedCount += 1;
    if (reason !== null) withheld.add(reason);
    else eligible.push(verdict);
  }
  return {
    steps,
    exhausted,
    matched,
    matchedCount,
    withheld: [...withheld].sort(),
    eligible: eligible.map((v) => ({
      identity: v.candidate.identity,
      name: v.candidate.display_name,
      applicable: v.applicable,
      reasons: [...v.reasons],
    })),
  };
}

const templateArb = fc.record({
  admitted: fc.boolean(),
  receiver_type: fc.constantFrom(null, LIST_TEXT, OTHER_TYPE),
  kind: fc.constantFrom('function' as const, 'extension' as const),
  required_mode: fc.constantFrom('read' as const, 'edit' as const),
  home: fc.constantFrom('current-file', 'view', 'failed'),
});
type TemplateSpec = typeof templateArb extends fc.Arbitrary<infer T> ? T : never;
const over = (t: TemplateSpec): Partial<FixtureCandidate> => ({
  admitted: t.admitted,
  receiver_type: t.receiver_type,
  origin: origin({ kind: t.kind, implementation_identity: t.kind === 'extension' ? hex(0x1e) : null }),
  required_mode: t.required_mode,
  home:
    t.home === 'current-file'
      ? { kind: 'current-file' }
      : { kind: 'interface', package_id: VIEW.package_id, module_id: (t.home === 'view' ? VIEW : FAILED).module_id },
});

test('property: the series visit equals the step-by-step visit of the members written out', () => {
  const partsArb = fc
    .record({
      explicit: fc.array(
        fc.record({ id: fc.uint8Array({ minLength: 32, maxLength: 32 }), name: fc.constantFrom('x', 'op_1', 'o3') }),
        { maxLength: 4 },
      ),
      explicitTemplates: fc.array(templateArb, { minLength: 4, maxLength: 4 }),
      series: fc.array(
        fc.record({ count: fc.nat({ max: 25 }), prefix: fc.constantFrom('op_', 'o', ''), t: templateArb }),
        { maxLength: 3 },
      ),
    })
    .map(({ explicit, explicitTemplates, series: ss }): Parts => {
      const ids = new Set<string>();
      return {
        interfaces: [VIEW, FAILED],
        candidates: explicit
          .map((e, n) => {
            const id = Buffer.from(e.id).toString('hex');
            return candidate(0, {
              ...over(explicitTemplates[n] as TemplateSpec),
              identity: id,
              display_name: e.name,
              qualified_name: `std.list.${e.name}`,
            });
          })
          .filter((c) => {
            const fresh = !ids.has(c.identity);
            ids.add(c.identity);
            return fresh;
          }),
        candidate_series: ss.map((s, n) => ({
          seed: `seed-${n}`,
          count: s.count,
          name_prefix: s.prefix,
          qualified_name_prefix: `std.list.${s.prefix}`,
          template: template(over(s.t)),
        })),
      };
    });
  const queryArb = fc.oneof(
    fc.constant(ops),
    fc.constantFrom('op_0', 'op_1', 'op_12', 'o3', '7', 'x', 'op_99').map((s) => explain(s)),
  );
  fc.assert(
    fc.property(partsArb, queryArb, fc.nat({ max: 500 }), (parts, query, limit) => {
      const got = visit(parts, query, limit);
      assert.equal(
        {
          steps: got.steps,
          exhausted: got.outcome.exhausted,
          matched: got.outcome.matched,
          matchedCount: got.outcome.matchedCount,
          withheld: [...got.outcome.withheld].sort(),
          eligible: eligibleOf(got.outcome),
        },
        reference(parts, query, limit),
      );
    }),
    { seed: 20261202, numRuns: 400 },
  );
});

test.run();
