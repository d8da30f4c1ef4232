/**
 * The registers a case set is checked against and the inputs generation needs from
 * the kit's files: suites/renames.json, the ids of the interpretations register (read by
 * the oracle's reader, `readInterpretationsRegister`) and the clause index.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RegisterEntry } from '../../oracle/index.js';
import { formatJsonInputProblem, kitRoot, readJsonInputFile } from '../../oracle/internal.js';
import { buildClauseIndex, readClauseIndex, readSharedRegister, type ClauseIndex } from './clause-index.js';

/** Every id a vector or case may name: entry ids and their aliases. */
export function registerIds(entries: readonly RegisterEntry[]): Set<string> {
  const ids = new Set<string>();
  for (const e of entries) {
    ids.add(e.id);
    for (const a of e.aliases ?? []) ids.add(a);
  }
  return ids;
}

/** Maps every id and alias to the id of the entry it names; an unknown id maps to itself. */
export function entryIdOf(entries: readonly RegisterEntry[]): (id: string) => string {
  const to = new Map<string, string>();
  for (const e of entries) for (const a of e.aliases ?? []) to.set(a, e.id);
  return (id) => to.get(id) ?? id;
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

/**
 * The clause index to use: built from shared/clauses.md when that file is present
 * (and then to be written), else the committed suites/clause-index.json.
 */
export function currentClauseIndex(oracleVersion: string): { index: ClauseIndex | undefined; fromRegister: boolean } {
  const register = readSharedRegister();
  if (register !== undefined) return { index: buildClauseIndex(register, oracleVersion), fromRegister: true };
  return { index: readClauseIndex(), fromRegister: false };
}

/**
 * suites/stated-readings.json: entry -> the label of the reading the cases state their answers under (the register's
 * choice when they were written). A file that is not that shape is a fault of the kit's tooling and throws.
 */
export function readStatedReadings(): Record<string, string> {
  const path = join(kitRoot(), 'suites', 'stated-readings.json');
  const read = readJsonInputFile(path);
  if (!read.ok) throw new Error(`suites/stated-readings.json: ${formatJsonInputProblem(read.problem)}`);
  const readings = (read.value as { readings?: unknown }).readings;
  if (readings === null || typeof readings !== 'object' || Array.isArray(readings))
    throw new Error('suites/stated-readings.json: /readings: must be an object of entry to label');
  const out: Record<string, string> = {};
  for (const [entry, label] of Object.entries(readings)) {
    if (typeof label !== 'string') throw new Error(`suites/stated-readings.json: /readings/${entry}: must be a label`);
    out[entry] = label;
  }
  return out;
}
