/**
 * The interpretations register (`oracle/interpretations.json`, schema kofun.ctk.interpretations/v1): where the
 * contract leaves a choice, the readings, the one the oracle takes and why. Read once, fail-closed like every JSON
 * input of the kit (duplicate keys, invalid UTF-8 refused) and checked against its schema; a register that is not
 * one is a fault of the kit and throws.
 */
import { join } from 'node:path';
import { formatJsonInputProblem, readJsonInputFile } from '../json-input/read-json-input.js';
import { kitRoot } from '../kit-root.js';
import { schemaViolations } from '../records/schema-registry.js';

/** One reading of an entry. */
export interface RegisterReading {
  label: string;
  text: string;
  /** Whether the contract's text allows it, and the lines that say so. */
  contract_allows: boolean;
  lines: string[];
  fails_closed: boolean;
}

/** One entry, as far as the kit's code reads it (the file holds more prose). */
export interface RegisterEntry {
  id: string;
  /** Ids this entry also answers to (entries folded into it). */
  aliases?: string[];
  title: string;
  clauses: string[];
  readings: RegisterReading[];
  choice: string;
  why: string;
}

let entries: readonly RegisterEntry[] | undefined;

/** The register's entries, in file order. */
export function interpretationsRegister(): readonly RegisterEntry[] {
  if (entries !== undefined) return entries;
  const path = join(kitRoot(), 'oracle', 'interpretations.json');
  const read = readJsonInputFile(path);
  if (!read.ok) throw new Error(`kit fault: ${path}: ${formatJsonInputProblem(read.problem)}`);
  const problems = schemaViolations('kofun.ctk.interpretations/v1', read.value);
  if (problems.length > 0) throw new Error(`kit fault: ${path}: ${problems[0]?.pointer ?? ''} ${problems[0]?.message}`);
  return (entries = (read.value as { entries: RegisterEntry[] }).entries);
}

/** `<entry>:<reading>` for every reading of every entry, aliases included: what a provider may declare. */
export function registerReadingNames(): string[] {
  return interpretationsRegister().flatMap((e) =>
    [e.id, ...(e.aliases ?? [])].flatMap((id) => e.readings.map((r) => `${id}:${r.label}`)),
  );
}

/** `<entry>:<choice>` for every entry: the readings the reference oracle follows. */
export function registerChoices(): string[] {
  return interpretationsRegister().map((e) => `${e.id}:${e.choice}`);
}
