/**
 * The registers a case set is checked against and the inputs generation needs from
 * the kit's files: suites/renames.json, the interpretations register and the clause
 * index.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { kitRoot } from '../../oracle/index.js';
import { buildClauseIndex, readClauseIndex, readSharedRegister, type ClauseIndex } from './clause-index.js';

/** An entry of oracle/interpretations.json, as far as the kit's reports use it. */
export interface InterpretationEntry {
  id: string;
  title: string;
  choice: string;
  why: string;
  clauses: string[];
  alternative_outcome?: { name: string; reading: string; text: string } | null;
}

/** suites/renames.json: retired case id → current case id. A missing file means no renames. */
export function readRenames(): Record<string, string> {
  const path = join(kitRoot(), 'suites', 'renames.json');
  if (!existsSync(path)) return {};
  const value = JSON.parse(readFileSync(path, 'utf8')) as unknown;
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    throw new Error('suites/renames.json must be a JSON object of old id to new id');
  const out: Record<string, string> = {};
  for (const [from, to] of Object.entries(value)) {
    if (typeof to !== 'string') throw new Error(`suites/renames.json: ${from} must map to a string`);
    out[from] = to;
  }
  return out;
}

/** The entries of oracle/interpretations.json. */
export function readInterpretations(): InterpretationEntry[] {
  const doc = JSON.parse(readFileSync(join(kitRoot(), 'oracle', 'interpretations.json'), 'utf8')) as {
    entries?: InterpretationEntry[];
  };
  return doc.entries ?? [];
}

/**
 * The clause index to use: built from shared/clauses.md when that file is present
 * (and then to be written), else the committed suites/clause-index.json.
 */
export function currentClauseIndex(oracleVersion: string): { index: ClauseIndex | undefined; fromRegister: boolean } {
  const register = readSharedRegister();
  if (register !== undefined) return { index: buildClauseIndex(register, oracleVersion), fromRegister: true };
  return { index: readClauseIndex(), fromRegister: false };
}
