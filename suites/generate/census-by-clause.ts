/**
 * The census by clause for REPORT.md: for each KD- clause (and ERROR kind, and gate phase) the gate failed a broken
 * provider by, or that a provider's rule family names as the one it breaks: how many providers the gate caught
 * through it, how many a rule named it for (a verifier violation, the metamorphic check, the state check, the
 * result-size limit, the ERROR kind or the phase), how many break it, and which providers break it yet are named by
 * none of their clauses.
 * Rows are sorted by bytes, so the section is as deterministic as the census rows it is made of.
 */
import { markdownCell } from '../../oracle/index.js';
import { markdownCode } from '../../oracle/internal.js';

/** What this section needs of a census row. */
export interface ClauseCensusRow {
  provider: string;
  caughtBy: readonly string[];
  namedBy: readonly string[];
  /** The clauses, ERROR kinds or phases its rule family names (`KD-AREA-*` patterns are not counted per clause). */
  expect?: readonly string[];
  /** Caught and named by one of them. */
  named?: boolean;
}

interface ClauseEntry {
  /** Providers whose rule family names the clause. */
  expected: string[];
  /** Of those, the providers named by none of the clauses their rule family names. */
  missed: string[];
  named: string[];
  unnamed: string[];
}

const cmp = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
/** A rule names these itself: an ERROR kind or a phase of generated cases. */
const selfNaming = (clause: string): boolean => clause.startsWith('ERROR ') || clause.startsWith('PHASE ');

/** For each clause: the providers that break it, and those caught through it with and without a rule naming it. */
export function clauseCensus(rows: readonly ClauseCensusRow[]): Map<string, ClauseEntry> {
  const byClause = new Map<string, ClauseEntry>();
  const entry = (clause: string): ClauseEntry => {
    const found = byClause.get(clause) ?? { expected: [], missed: [], named: [], unnamed: [] };
    byClause.set(clause, found);
    return found;
  };
  for (const row of rows) {
    const named = new Set(row.namedBy);
    for (const clause of row.caughtBy)
      (named.has(clause) || selfNaming(clause) ? entry(clause).named : entry(clause).unnamed).push(row.provider);
    for (const clause of row.expect ?? []) {
      if (clause.endsWith('*')) continue;
      entry(clause).expected.push(row.provider);
      if (row.named !== true) entry(clause).missed.push(row.provider);
    }
  }
  return byClause;
}

/** The "Broken providers by clause" subsection, as lines. */
export function renderCensusByClause(rows: readonly ClauseCensusRow[]): string[] {
  const byClause = clauseCensus(rows);
  const out = [
    '### Broken providers by clause',
    '',
    'For each clause, ERROR kind or phase: how many broken providers the gate caught through it, and how many of ' +
      'those a rule named it for (the verifier, the metamorphic check, the state check, the result-size limit, the ' +
      'ERROR kind or ' +
      'the phase) rather than reading it off the vector clauses that govern the differing parts of the result; ' +
      'how many providers break it (their rule family names it); and the providers that break it but are named ' +
      'by none of the clauses their rule family names, which is where the verifier names another rule.',
    '',
    '| clause | caught through it | named by it | break it | named by a rule | read off the vector | ' +
      'break it, named by none of theirs |',
    '|---|---:|---:|---:|---|---|---|',
  ];
  const list = (names: readonly string[]): string =>
    names.length === 0 ? '—' : [...names].sort(cmp).map(markdownCode).join(', ');
  for (const clause of [...byClause.keys()].sort(cmp)) {
    const e = byClause.get(clause) as ClauseEntry;
    const caught = e.named.length + e.unnamed.length;
    out.push(
      `| ${markdownCell(clause)} | ${caught} | ${e.named.length} | ${e.expected.length} ` +
        `| ${list(e.named)} | ${list(e.unnamed)} | ${list(e.missed)} |`,
    );
  }
  out.push('');
  return out;
}
