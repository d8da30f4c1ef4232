/**
 * The census by clause for REPORT.md: for each KD- clause (and ERROR kind) the gate failed a
 * broken provider by, which providers it caught through it, and whether a rule named it (a
 * verifier violation, the metamorphic check, the result-size limit, or the ERROR kind) or it
 * was only read off the vector's clauses for the differing parts. Rows are sorted by bytes, so
 * the section is as deterministic as the census rows it is made of.
 */
import { markdownCell, markdownCode } from '../../oracle/index.js';

/** What this section needs of a census row. */
export interface ClauseCensusRow {
  provider: string;
  caughtBy: readonly string[];
  namedBy: readonly string[];
}

const cmp = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** The "Broken providers by clause" subsection, as lines. */
export function renderCensusByClause(rows: readonly ClauseCensusRow[]): string[] {
  const byClause = new Map<string, { named: string[]; unnamed: string[] }>();
  for (const row of rows) {
    const named = new Set(row.namedBy);
    for (const clause of row.caughtBy) {
      const entry = byClause.get(clause) ?? { named: [], unnamed: [] };
      (named.has(clause) || clause.startsWith('ERROR ') ? entry.named : entry.unnamed).push(row.provider);
      byClause.set(clause, entry);
    }
  }
  const out = [
    '### Broken providers by clause',
    '',
    'For each clause or ERROR kind, the broken providers the gate failed through it: named by a rule (the verifier, ' +
      'the metamorphic check, the result-size limit, or the ERROR kind), ' +
      'or read only off the vector clauses that govern the differing parts of the result.',
    '',
    '| clause | named by a rule | read off the vector |',
    '|---|---|---|',
  ];
  const list = (names: readonly string[]): string =>
    names.length === 0 ? '—' : [...names].sort(cmp).map(markdownCode).join(', ');
  for (const clause of [...byClause.keys()].sort(cmp)) {
    const entry = byClause.get(clause) as { named: string[]; unnamed: string[] };
    out.push(`| ${markdownCell(clause)} | ${list(entry.named)} | ${list(entry.unnamed)} |`);
  }
  out.push('');
  return out;
}
