/**
 * The interpretations register (`oracle/interpretations.json`, schema kofun.ctk.interpretations/v1): where the
 * contract leaves a choice, the readings, the one the oracle takes and why (KD-ACCEPT-13). Read fail-closed like
 * every JSON input of the kit (duplicate keys, invalid UTF-8 refused) and checked against its schema before any entry
 * is used. `readInterpretationsRegister` returns a refusal as data (for `vectors check` and tools);
 * `interpretationsRegister` is the kit's own copy, read once, and throws, since a broken register is a fault of the
 * kit.
 */
import { join } from 'node:path';
import { formatJsonInputProblem, readJsonInputFile, type JsonInputProblem } from '../json-input/read-json-input.js';
import { describeInputViolations } from '../json-input/describe-input-violations.js';
import { kitRoot } from '../kit-root.js';
import { schemaViolations } from '../records/schema-registry.js';
import { violation, type Violation } from '../violation.js';

const REGISTER_SCHEMA = 'kofun.ctk.interpretations/v1';

/** One reading of an entry. */
export interface RegisterReading {
  /** One capital letter, unique in its entry. */
  label: string;
  text: string;
  /** Whether the contract's text allows it, and the lines that say so. */
  contract_allows: boolean;
  lines: string[];
  fails_closed: boolean;
  /**
   * The reading names no single answer (an open set, such as "any mismatching field"): an acceptance rule, never a
   * choice.
   */
  open_set?: boolean;
  /** Why no result the oracle can give differs under this reading from the reading whose bytes it gives. */
  same_bytes_because?: string;
}

/** One entry, every field the schema defines. */
export interface RegisterEntry {
  /** OQ-nn (an open question of the clause register) or KIT-nn (a decision of the kit). */
  id: string;
  /** Ids this entry also answers to (entries folded into it); a vector naming one rests on this entry. */
  aliases?: string[];
  title: string;
  question: string;
  clauses: string[];
  readings: RegisterReading[];
  /** The label of the reading the reference oracle follows. */
  choice: string;
  why: string;
  notes: string[];
  fails_closed: true;
  /** The named ACCEPTABLE alternative vectors may carry for another reading, or null when there is none. */
  alternative_outcome: { name: string; reading: string; text: string } | null;
  /** Whether the choice changes the bytes some vector expects; when true, some vector names the entry. */
  changes_result_bytes: boolean;
  /** Why no result byte depends on the choice, exactly when `changes_result_bytes` is false. */
  unchanged_bytes_reason?: string;
  /** Why one reading is law although another one the contract allows also fails closed. */
  law_because?: string;
}

/** The register read, or why it was refused: not JSON the kit reads, or not its schema. */
export type RegisterRead =
  | { ok: true; entries: readonly RegisterEntry[] }
  | { ok: false; path: string; problem: JsonInputProblem }
  | { ok: false; path: string; violations: Violation[] };

/** The path of the kit's register. */
export function registerPath(): string {
  return join(kitRoot(), 'oracle', 'interpretations.json');
}

/** Reads a register file (the kit's by default), fail-closed and schema-checked; never throws. */
export function readInterpretationsRegister(path: string = registerPath()): RegisterRead {
  const read = readJsonInputFile(path);
  if (!read.ok) return { ok: false, path, problem: read.problem };
  const violations = schemaViolations(REGISTER_SCHEMA, read.value);
  if (violations.length > 0) return { ok: false, path, violations };
  const entries = (read.value as { entries: RegisterEntry[] }).entries;
  const problems = registerViolations(entries);
  if (problems.length > 0) return { ok: false, path, violations: problems };
  return { ok: true, entries };
}

/**
 * What the schema cannot say about a register (KD-ACCEPT-13), each at its JSON pointer: two readings of an entry with
 * one label, a choice or an alternative naming no reading of its entry, a choice naming an open-set reading (an
 * acceptance rule names no single answer), and an id or alias used twice.
 */
export function registerViolations(entries: readonly RegisterEntry[]): Violation[] {
  const out: Violation[] = [];
  const ids = new Map<string, string>();
  const problem = (code: string, pointer: string, message: string): number =>
    out.push(violation(code, 'KD-ACCEPT-13', message, { pointer }));
  entries.forEach((e, i) => {
    const at = `/entries/${i}`;
    [e.id, ...(e.aliases ?? [])].forEach((id, k) => {
      const where = k === 0 ? `${at}/id` : `${at}/aliases/${k - 1}`;
      const first = ids.get(id);
      if (first !== undefined) problem('duplicate-entry-id', where, `${id} is already the id or an alias at ${first}`);
      else ids.set(id, where);
    });
    const labels = new Set<string>();
    e.readings.forEach((r, j) => {
      if (labels.has(r.label))
        problem('duplicate-reading-label', `${at}/readings/${j}/label`, `${e.id} has two readings labelled ${r.label}`);
      labels.add(r.label);
    });
    const chosen = e.readings.find((r) => r.label === e.choice);
    if (chosen === undefined)
      problem('choice-names-no-reading', `${at}/choice`, `${e.id} chooses ${e.choice}, which is none of its readings`);
    else if (chosen.open_set === true)
      problem(
        'choice-names-no-single-answer',
        `${at}/choice`,
        `${e.id} chooses ${e.choice}, a reading that names no single answer (an acceptance rule), so it cannot be law`,
      );
    const alt = e.alternative_outcome;
    if (alt !== null && !labels.has(alt.reading))
      problem(
        'alternative-names-no-reading',
        `${at}/alternative_outcome/reading`,
        `${e.id}'s alternative ${alt.name} follows reading ${alt.reading}, which is none of its readings`,
      );
  });
  return out;
}

/** One line saying why a register was refused. */
export function registerRefusal(read: Exclude<RegisterRead, { ok: true }>): string {
  const why = 'problem' in read ? formatJsonInputProblem(read.problem) : describeInputViolations(read.violations);
  return `${read.path}: ${why}`;
}

let entries: readonly RegisterEntry[] | undefined;

/** The kit's register entries, in file order; a register that is not one is a kit fault and throws. */
export function interpretationsRegister(): readonly RegisterEntry[] {
  if (entries !== undefined) return entries;
  const read = readInterpretationsRegister();
  if (!read.ok) throw new Error(`kit fault: ${registerRefusal(read)}`);
  return (entries = read.entries);
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
