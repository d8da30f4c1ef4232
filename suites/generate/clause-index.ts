/**
 * The clause index: the KD- clause register of the contract (clauses.md, kept beside
 * the kit's checkout in shared/) parsed into suites/clause-index.json, a generated
 * file committed with the kit so reports and checks never need shared/ to be present.
 * `vectors generate` rewrites it whenever clauses.md is there.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sha256Hex } from '../../oracle/index.js';
import { kitRoot, CLAUSE_INDEX_FORMAT, generatedStamp, type GeneratedStamp } from '../../oracle/internal.js';

/** How a clause can be tested at the request/result boundary (the register's column). */
export type Testability = 'yes' | 'with-fixture' | 'no';

/** One register row. */
export interface ClauseEntry {
  id: string;
  text: string;
  categories: string[];
  testability: Testability;
  /** The register's testability column in full. */
  testability_note: string;
  ambiguity: string;
}

/** suites/clause-index.json. */
export interface ClauseIndex {
  format: typeof CLAUSE_INDEX_FORMAT;
  generated: GeneratedStamp;
  source: string;
  source_sha256: string;
  clauses: ClauseEntry[];
}

/** Where the register lives beside the checkout. */
export function sharedClausesPath(): string {
  return join(kitRoot(), '..', 'shared', 'clauses.md');
}

/** Where the committed index lives. */
export function clauseIndexPath(): string {
  return join(kitRoot(), 'suites', 'clause-index.json');
}

const ROW = /^\|\s*(KD-[A-Z]+-\d{2})\s*\|(.*)\|\s*$/;

/**
 * Parses every `| KD-… |` row of the register table; throws on a malformed row (the register is input the kit trusts).
 */
export function parseClauseRegister(markdown: string): ClauseEntry[] {
  const out: ClauseEntry[] = [];
  const seen = new Set<string>();
  for (const line of markdown.split('\n')) {
    const m = ROW.exec(line.replace(/\r$/, ''));
    if (m === null) continue;
    const id = m[1] as string;
    const cells = (m[2] as string).split('|').map((c) => c.trim());
    if (cells.length !== 4) throw new Error(`clause register: row ${id} has ${cells.length + 1} cells, expected 5`);
    const [text, categories, testable, ambiguity] = cells as [string, string, string, string];
    const first = /^(yes|with-fixture|no)\b/.exec(testable);
    if (first === null) throw new Error(`clause register: row ${id} has no testability (yes, with-fixture or no)`);
    if (seen.has(id)) throw new Error(`clause register: ${id} twice`);
    seen.add(id);
    out.push({
      id,
      text,
      categories: categories
        .split(',')
        .map((c) => c.trim())
        .filter((c) => c.length > 0),
      testability: first[1] as Testability,
      testability_note: testable,
      ambiguity,
    });
  }
  if (out.length === 0) throw new Error('clause register: no KD- rows found');
  return out;
}

/** The index for the register text. */
export function buildClauseIndex(markdown: string, oracleVersion: string): ClauseIndex {
  return {
    format: CLAUSE_INDEX_FORMAT,
    generated: generatedStamp(oracleVersion),
    source: 'shared/clauses.md',
    source_sha256: sha256Hex(markdown),
    clauses: parseClauseRegister(markdown),
  };
}

/** The register text when shared/clauses.md is present, else undefined. */
export function readSharedRegister(): string | undefined {
  const path = sharedClausesPath();
  return existsSync(path) ? readFileSync(path, 'utf8') : undefined;
}

/** The committed index, or undefined when it does not exist yet. */
export function readClauseIndex(): ClauseIndex | undefined {
  const path = clauseIndexPath();
  if (!existsSync(path)) return undefined;
  return JSON.parse(readFileSync(path, 'utf8')) as ClauseIndex;
}
