/**
 * REPORT.md: the reference oracle's own conformance report over the committed vector
 * set: vector-set digest, counts by category and
 * verdict, clause coverage against the clause register, the interpretations register
 * with the vectors that depend on each entry, which broken providers the kit catches
 * (suites/generate/broken-provider-census.ts), the mutation testing of the oracle (suites/generate/mutation-report.ts),
 * and the oracle's verdict on every vector.
 * Deterministic: no dates, paths or timings, only the inputs' content.
 */
import { CATEGORIES } from '../case-definition.js';
import { renderBrokenProviderCensus, type CensusResult } from './broken-provider-census.js';
import type { ClauseIndex } from './clause-index.js';
import { entryIdOf } from './kit-registers.js';
import { renderLawfulReadings } from './readings-report.js';
import { compareUtf8, markdownCell, type RegisterEntry } from '../../oracle/index.js';
import { markdownCode, type ManifestFile, type VectorFile } from '../../oracle/internal.js';
import { renderMutationSection, type MutationSection } from './mutation-report.js';
import type { OracleResult, OracleVerdict } from './reference-results.js';

export const REPORT_FORMAT = 'kofun.ctk.report/v1';

/** Everything the report is made of. */
export interface ReportInput {
  manifest: ManifestFile;
  vectors: VectorFile[];
  clauseIndex: ClauseIndex;
  interpretations: readonly RegisterEntry[];
  /** Why a testable clause has no vector (suites/uncovered-clauses.json). */
  uncoveredNotes: Readonly<Record<string, string>>;
  /**
   * Clauses vectors cite but no vector can fail for, with why (suites/unobservable-clauses.json,
   * suites/generate/unobservable-clauses.ts): listed as cited, not observable, never as covered.
   */
  unobservableNotes?: Readonly<Record<string, string>>;
  results: OracleResult[];
  /** The broken-provider census; its section is left out when absent. */
  census?: CensusResult;
  /** The mutation testing of the oracle; its section is left out when absent. */
  mutation?: MutationSection;
}

const VERDICTS: OracleVerdict[] = ['PASS', 'ACCEPTABLE', 'FAIL', 'ERROR'];
const byId = (a: { id: string }, b: { id: string }): number => compareUtf8(a.id, b.id);

/** Lists vector ids compactly: all of them when few, else counts per category. */
function vectorList(ids: string[]): string {
  if (ids.length === 0) return '—';
  const sorted = [...ids].sort();
  if (sorted.length <= 4) return sorted.map(markdownCode).join(', ');
  const per = new Map<string, number>();
  for (const id of sorted) {
    const c = id.slice(0, id.indexOf('/'));
    per.set(c, (per.get(c) ?? 0) + 1);
  }
  return `${sorted.length}: ${CATEGORIES.filter((c) => per.has(c))
    .map((c) => `${c} ${per.get(c) ?? 0}`)
    .join(', ')}`;
}

/** The report text. */
export function renderConformanceReport(input: ReportInput): string {
  const vectors = [...input.vectors].sort(byId);
  const out: string[] = [
    ...headAndVerdicts(input),
    ...clauseCoverage(input, vectors),
    ...interpretationsRegister(input, vectors),
    ...renderLawfulReadings(input.interpretations),
  ];
  if (input.census !== undefined) out.push(...renderBrokenProviderCensus(input.census));
  if (input.mutation !== undefined) out.push(...renderMutationSection(input.mutation));
  out.push(...everyVector(input, vectors));
  return out.join('\n');
}

/** The report's head (the vector set, oracle, registers) and its table of vectors by category and verdict. */
function headAndVerdicts(input: ReportInput): string[] {
  const { manifest } = input;
  const out: string[] = [];
  const beyond = manifest.unicode.beyond_baseline;
  const beyondBaseline =
    beyond.length === 0
      ? 'no vector holds a code point it may not assign'
      : 'vectors holding code points it may not assign: ' +
        beyond.map((v) => `${markdownCode(v.id)} (${v.code_points.join(', ')})`).join('; ');
  out.push(
    `> Generated file; do not edit. Written by \`kofun-ctk report\` (npm run report), format ${REPORT_FORMAT}, ` +
      `from vector set \`${manifest.vector_set_sha256}\`; CI checks it with npm run report:check.`,
    '',
    '# Conformance report: the reference oracle on its golden vectors',
    '',
    `- Vector set: \`${manifest.vector_set_sha256}\` (${manifest.total} vectors, \`vectors/manifest.json\`)`,
    `- Oracle: kofun-ctk ${markdownCell(manifest.generated.oracle_version)}`,
    `- NFC checks: Unicode ${markdownCell(manifest.unicode.baseline)} baseline ` + `(KIT-26); ${beyondBaseline}`,
    `- Clause register: ${input.clauseIndex.clauses.length} clauses (\`suites/clause-index.json\`, ` +
      `from ${markdownCell(input.clauseIndex.source)} \`${input.clauseIndex.source_sha256}\`)`,
    `- Interpretations register: ${input.interpretations.length} entries (\`oracle/interpretations.json\`)`,
    '',
    "Each query vector's request is evaluated by the reference oracle on the vector's fixture and compared with the",
    "expected bytes (PASS), or an acceptable alternative (ACCEPTABLE); the oracle's answer is also run through the",
    "independent verifier. Each release-cost vector's expectation is recomputed from its fixture.",
    '',
    '## Vectors by category and verdict',
    '',
    '| category | vectors | PASS | ACCEPTABLE | FAIL | ERROR | verifier violations |',
    '|---|---:|---:|---:|---:|---:|---:|',
  );
  const totals = { vectors: 0, violations: 0, ...Object.fromEntries(VERDICTS.map((v) => [v, 0])) } as Record<
    string,
    number
  >;
  for (const category of CATEGORIES) {
    const rs = input.results.filter((r) => r.category === category);
    const row = VERDICTS.map((v) => rs.filter((r) => r.verdict === v).length);
    const violations = rs.reduce((n, r) => n + r.violations.length, 0);
    out.push(`| ${category} | ${rs.length} | ${row.join(' | ')} | ${violations} |`);
    totals['vectors'] = (totals['vectors'] ?? 0) + rs.length;
    totals['violations'] = (totals['violations'] ?? 0) + violations;
    VERDICTS.forEach((v, i) => (totals[v] = (totals[v] ?? 0) + (row[i] ?? 0)));
  }
  out.push(
    `| **total** | ${totals['vectors']} | ${VERDICTS.map((v) => totals[v]).join(' | ')} | ${totals['violations']} |`,
    '',
  );

  return out;
}

/** The clause coverage: every clause with the vectors citing it, then the cited but unobservable and the uncovered. */
function clauseCoverage(input: ReportInput, vectors: readonly ReportInput['vectors'][number][]): string[] {
  const out: string[] = [];
  const citing = new Map<string, string[]>();
  for (const v of vectors) for (const c of v.clauses) citing.set(c, [...(citing.get(c) ?? []), v.id]);
  const clauses = input.clauseIndex.clauses;
  const unobservable = input.unobservableNotes ?? {};
  const cited = (id: string): boolean => (citing.get(id) ?? []).length > 0;
  // Covered: some vector can fail for a provider that breaks the clause.
  const isCovered = (id: string): boolean => cited(id) && unobservable[id] === undefined;
  const testable = clauses.filter((c) => c.testability !== 'no');
  const citedClauses = clauses.filter((c) => cited(c.id));
  const citedUnobservable = citedClauses.filter((c) => !isCovered(c.id));
  const uncoveredTestable = testable.filter((c) => !cited(c.id));
  const coveredTestable = testable.filter((c) => isCovered(c.id));
  const unknown = [...citing.keys()].filter((id) => !clauses.some((c) => c.id === id)).sort();
  const unknownNote =
    unknown.length > 0
      ? ` Vectors also cite ${unknown.length} ids the register does not have: ${unknown.map(markdownCode).join(', ')}.`
      : '';
  out.push(
    '## Clause coverage',
    '',
    `${clauses.length} clauses; ${testable.length} testable at the request/result boundary (yes or ` +
      `with-fixture); ${citedClauses.length} cited by at least one vector, ` +
      `of which ${citedUnobservable.length} cited but not observable by any vector (listed with the reason after ` +
      `the table); ${coveredTestable.length} of the testable ones covered, that is, ` +
      `some vector fails for a provider that breaks them; ${uncoveredTestable.length} testable clauses without a ` +
      `vector (listed with the reason after the table).${unknownNote}`,
    '',
    '| clause | testable | vectors | clause text |',
    '|---|---|---|---|',
  );
  for (const c of clauses) {
    const list = vectorList(citing.get(c.id) ?? []);
    const shown = cited(c.id) && !isCovered(c.id) ? `cited, not observable: ${list}` : list;
    out.push(`| ${markdownCode(c.id)} | ${c.testability} | ${shown} | ${markdownCell(c.text)} |`);
  }
  out.push('', '### Cited, not observable', '');
  if (citedUnobservable.length === 0) out.push('None.');
  else {
    out.push('| clause | testable | vectors citing it | why no vector can fail for it |', '|---|---|---|---|');
    for (const c of citedUnobservable) {
      out.push(
        `| ${markdownCode(c.id)} | ${c.testability} | ${vectorList(citing.get(c.id) ?? [])} ` +
          `| ${markdownCell(unobservable[c.id] ?? '')} |`,
      );
    }
  }
  out.push('', '### Testable clauses without a vector', '');
  if (uncoveredTestable.length === 0) out.push('None.');
  else {
    out.push('| clause | testable | why no vector |', '|---|---|---|');
    for (const c of uncoveredTestable) {
      const why = input.uncoveredNotes[c.id] ?? `No vector cites it yet (register note: ${c.testability_note}).`;
      out.push(`| ${markdownCode(c.id)} | ${c.testability} | ${markdownCell(why)} |`);
    }
  }
  out.push('');

  return out;
}

/** The interpretations register: each entry, its readings, and the vectors that depend on it or pass by it. */
function interpretationsRegister(input: ReportInput, vectors: readonly ReportInput['vectors'][number][]): string[] {
  const out: string[] = [];
  // Interpretations; a vector naming an alias counts for the entry the alias names.
  const entryOf = entryIdOf(input.interpretations);
  const depending = new Map<string, Set<string>>();
  const alternatives = new Map<string, Set<string>>();
  const note = (map: Map<string, Set<string>>, entry: string, id: string): void => {
    map.set(entryOf(entry), new Set([...(map.get(entryOf(entry)) ?? []), id]));
  };
  const passedBy = new Map<string, Set<string>>();
  for (const v of vectors) {
    for (const e of v.interpretations) note(depending, e, v.id);
    if ('acceptable' in v) for (const a of v.acceptable) note(alternatives, a.interpretation, v.id);
  }
  for (const r of input.results) if (r.acceptable !== undefined) note(passedBy, r.acceptable.interpretation, r.id);
  out.push(
    '## Interpretations register',
    '',
    'Every choice the oracle makes where the contract is silent or ambiguous. ' +
      'A vector that depends on an entry names it (or an alias of it); where a vector carries an acceptable ' +
      'alternative, the entry is named by that alternative too. An entry whose choice changes result bytes has ' +
      'at least one such vector (vectors check); one that does not says why. Each other reading the contract ' +
      'allows that also fails closed is either the named alternative or law_because says why it is not ' +
      '(`oracle/interpretations.json` gives, for every reading, the lines it rests on). The last column counts ' +
      "the vectors the oracle's answer passes by the alternative (ACCEPTABLE).",
    '',
    '| entry | question | oracle reading | changes result bytes | other readings allowed and failing closed ' +
      '| acceptable alternative | vectors depending | vectors with the alternative | passed by the alternative |',
    '|---|---|---|---|---|---|---|---|---:|',
  );
  for (const e of input.interpretations) {
    const alt = e.alternative_outcome;
    const alternative = alt === null ? '—' : `${markdownCode(alt.name)} (reading ${markdownCell(alt.reading)})`;
    const aliases = (e.aliases ?? []).length === 0 ? '' : ` (alias ${(e.aliases ?? []).map(markdownCode).join(', ')})`;
    const bytes = e.changes_result_bytes ? 'yes' : `no: ${markdownCell(e.unchanged_bytes_reason ?? '')}`;
    const others = e.readings
      .filter((r) => r.contract_allows && r.fails_closed && r.label !== e.choice)
      .map((r) => `${r.label} (${r.label === alt?.reading ? 'alternative' : 'law'})`);
    out.push(
      `| ${markdownCode(e.id)}${aliases} | ${markdownCell(e.title)} | ${markdownCell(`${e.choice}: ${e.why}`)} ` +
        `| ${bytes} | ${others.length === 0 ? '—' : markdownCell(others.join(', '))} ` +
        `| ${alternative} | ${vectorList([...(depending.get(e.id) ?? [])])} ` +
        `| ${vectorList([...(alternatives.get(e.id) ?? [])])} | ${(passedBy.get(e.id) ?? new Set()).size} |`,
    );
  }
  out.push('');
  return out;
}

/** The reference oracle's verdict on every vector. */
function everyVector(input: ReportInput, vectors: readonly ReportInput['vectors'][number][]): string[] {
  const results = new Map(input.results.map((r) => [r.id, r]));
  const out: string[] = [];
  out.push(
    '## The reference oracle on every vector',
    '',
    '| vector | verdict | verifier | intent |',
    '|---|---|---|---|',
  );
  for (const v of vectors) {
    const r = results.get(v.id);
    const verdict = r === undefined ? 'NOT-RUN' : r.verdict;
    const verifier = r === undefined ? '—' : r.violations.length === 0 ? 'ok' : markdownCell(r.violations.join('; '));
    const note = r !== undefined && r.detail !== '' ? ` (${markdownCell(r.detail)})` : '';
    out.push(`| ${markdownCode(v.id)} | ${verdict}${note} | ${verifier} | ${markdownCell(v.intent)} |`);
  }
  out.push('');
  return out;
}
