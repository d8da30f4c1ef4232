/**
 * The readings of the interpretations register the oracle can run, and the readings a register selects
 * (KD-ACCEPT-13). Every entry whose choice changes result bytes is either a switch, declared by the pipeline step that
 * makes the choice (readings.ts), or runs one reading only ({@link ONE_READING}); a register whose choice the oracle
 * cannot run, or whose choice names no single answer, gives no readings but the entries named.
 */
import type { RegisterEntry } from '../register/interpretations-register.js';
import { interpretationsRegister } from '../register/interpretations-register.js';
import { Readings, type FollowedReading, type ReadingSwitch } from './readings.js';
import { NONVALIDATED_ROW_TEXT, UNDISCLOSABLE_ROW } from './build-operation-row.js';
import { DEPENDENCY_LISTING } from './dependency-refs.js';
import { IDENTITY_ARRAYS, NULL_IMPLEMENTATION_ORDER } from './order-result.js';
import { UNREFERENCED_DIAGNOSTICS } from './result-shapes.js';
import {
  CONTROL_CHARACTERS,
  FILE_BEFORE_SPAN_ORDER,
  INVALID_POSITION_STATUS,
  OVER_LIMIT_REASON,
  POSITION_FAILURE,
  REQUEST_LAYOUT,
  SPAN_CHECK_ORDER,
  SPAN_SEMANTICS,
  STALE_REASON_ORDER,
} from './step-1-validate-request.js';
import { HELD_PUBLIC_EFFECTS } from './step-8-effects-and-capabilities.js';
import {
  AMBIGUITY_COUNT,
  DIAGNOSTIC_CAP,
  NESTED_CAP,
  UNAVAILABLE_OMISSIONS,
  UNAVAILABLE_TRUNCATED,
} from './step-9-close-disclose-bound.js';
import { ADMISSION_STAGE, REJECTION_REASONS, STEP_UNIT } from './visit-candidates.js';

/** Every switch of the pipeline, in register order. */
export const READING_SWITCHES: readonly ReadingSwitch[] = [
  STALE_REASON_ORDER,
  OVER_LIMIT_REASON,
  REQUEST_LAYOUT,
  STEP_UNIT,
  DIAGNOSTIC_CAP,
  NESTED_CAP,
  POSITION_FAILURE,
  SPAN_SEMANTICS,
  FILE_BEFORE_SPAN_ORDER,
  UNAVAILABLE_TRUNCATED,
  INVALID_POSITION_STATUS,
  DEPENDENCY_LISTING,
  NONVALIDATED_ROW_TEXT,
  NULL_IMPLEMENTATION_ORDER,
  UNREFERENCED_DIAGNOSTICS,
  IDENTITY_ARRAYS,
  CONTROL_CHARACTERS,
  REJECTION_REASONS,
  SPAN_CHECK_ORDER,
  UNDISCLOSABLE_ROW,
  UNAVAILABLE_OMISSIONS,
  HELD_PUBLIC_EFFECTS,
  AMBIGUITY_COUNT,
  ADMISSION_STAGE,
];

/**
 * The entries that change result bytes and that the oracle runs one way only: entry -> the label of the reading it
 * runs. Their other lawful readings are listed in REPORT.md as readings the kit cannot run yet.
 */
export const ONE_READING: Readonly<Record<string, string>> = {
  'OQ-04': 'A',
  'OQ-05': 'A',
  'OQ-06': 'A',
  'OQ-13': 'A',
  'OQ-14': 'A',
  'OQ-15': 'A',
  'OQ-18': 'A',
  'OQ-19': 'D',
  'OQ-20': 'A',
  'OQ-21': 'A',
  'OQ-23': 'A',
  'OQ-24': 'A',
  'OQ-26': 'A',
  'OQ-27': 'A',
  'OQ-29': 'A',
  'OQ-32': 'D',
  'OQ-33': 'A',
  'OQ-34': 'A',
  'OQ-35': 'A',
  'OQ-36': 'A',
  'OQ-38': 'A',
  'OQ-39': 'A',
  'OQ-40': 'A',
  'OQ-41': 'A',
  'OQ-42': 'A',
  'OQ-43': 'A',
  'OQ-45': 'A',
  'OQ-46': 'B',
  'KIT-02': 'C',
  'KIT-03': 'C',
  'KIT-04': 'C',
  'KIT-05': 'A',
  'KIT-06': 'B',
  'KIT-07': 'A',
  'KIT-10': 'A',
  'KIT-11': 'A',
  'KIT-14': 'A',
  'KIT-15': 'A',
  'KIT-16': 'A',
  'KIT-17': 'A',
  'KIT-18': 'A',
  'KIT-22': 'A',
  'KIT-23': 'A',
};

const BY_ENTRY: ReadonlyMap<string, ReadingSwitch> = new Map(READING_SWITCHES.map((s) => [s.entry, s]));

/** The switch of `entry`, if the oracle has one. */
export function readingSwitch(entry: string): ReadingSwitch | undefined {
  return BY_ENTRY.get(entry);
}

/** How the oracle runs a reading of an entry. */
export type ReadingRun =
  /** A switch or the one reading runs it. */
  | { kind: 'runs' }
  /** It gives the bytes of the reading `as` on every input. */
  | { kind: 'same-as'; as: string }
  /** An acceptance rule the oracle enumerates (never a choice). */
  | { kind: 'rule'; members: readonly string[] }
  /** The oracle cannot run it. */
  | { kind: 'cannot' };

/** How the oracle runs reading `label` of `entry`. */
export function readingRun(entry: string, label: string): ReadingRun {
  const s = BY_ENTRY.get(entry);
  if (s === undefined) return ONE_READING[entry] === label ? { kind: 'runs' } : { kind: 'cannot' };
  if (s.rule?.label === label) return { kind: 'rule', members: s.rule.members };
  const runs = s.runs[label];
  if (runs === undefined) return { kind: 'cannot' };
  return runs === true ? { kind: 'runs' } : { kind: 'same-as', as: runs };
}

/** A register choice the oracle cannot follow: the entry, the JSON pointer of its choice, and why. */
export interface ReadingProblem {
  entry: string;
  pointer: string;
  message: string;
}

/**
 * The readings a register selects: each entry follows its choice. Refused, entry by entry, when an entry that changes
 * result bytes has no code in the oracle, or chooses a reading the oracle cannot run or one that names no single
 * answer.
 */
export function readingsOf(
  entries: readonly RegisterEntry[],
): { ok: true; readings: Readings } | { ok: false; problems: ReadingProblem[] } {
  const problems: ReadingProblem[] = [];
  const followed = new Map<string, FollowedReading>();
  entries.forEach((e, i) => {
    followed.set(e.id, { label: e.choice });
    if (!e.changes_result_bytes) return;
    const pointer = `/entries/${i}/choice`;
    const s = BY_ENTRY.get(e.id);
    if (s === undefined && ONE_READING[e.id] === undefined) {
      problems.push({
        entry: e.id,
        pointer,
        message: `${e.id} changes result bytes, but the oracle has no code for it`,
      });
      return;
    }
    const run = readingRun(e.id, e.choice);
    if (run.kind === 'rule')
      problems.push({
        entry: e.id,
        pointer,
        message: `${e.id} chooses ${e.choice}, an acceptance rule that names no single answer, so it cannot be law`,
      });
    else if (run.kind === 'cannot')
      problems.push({
        entry: e.id,
        pointer,
        message:
          `${e.id} chooses ${e.choice}, which the oracle cannot run ` + `(it runs ${runnableLabels(e.id).join(', ')})`,
      });
  });
  return problems.length > 0 ? { ok: false, problems } : { ok: true, readings: Readings.of(followed) };
}

/** The labels of the one-answer readings the oracle runs for `entry`. */
export function runnableLabels(entry: string): string[] {
  const s = BY_ENTRY.get(entry);
  if (s !== undefined) return Object.keys(s.runs).sort();
  const one = ONE_READING[entry];
  return one === undefined ? [] : [one];
}

let kit: Readings | undefined;

/** The readings of the kit's register, read once; a register whose choice the oracle cannot run is a kit fault. */
export function kitReadings(): Readings {
  if (kit !== undefined) return kit;
  const read = readingsOf(interpretationsRegister());
  if (!read.ok)
    throw new Error(
      `kit fault: oracle/interpretations.json: ${read.problems.map((p) => `${p.pointer}: ${p.message}`).join('; ')}`,
    );
  return (kit = read.readings);
}

/**
 * `base` with each of `names` (`<entry>:<label>`, or `<entry>:<label>/<member>` for a member of an acceptance rule)
 * followed instead of the entry's choice: what `kofun-ctk query --reading` and `serve --reading` answer under. A name
 * the oracle cannot run is refused, with the readings it can.
 */
export function readingsNamed(
  base: Readings,
  names: readonly string[],
): { ok: true; readings: Readings } | { ok: false; message: string } {
  let readings = base;
  for (const name of names) {
    const m = /^((?:OQ|KIT)-[0-9]{2}):([A-Z])(?:\/([a-z0-9-]+))?$/.exec(name);
    const entry = m?.[1] ?? '';
    const runnable = runnableNames(entry);
    if (m === null || !runnable.includes(name)) {
      const known = runnable.length === 0 ? '' : `; the oracle runs ${runnable.join(', ')}`;
      const shape = m === null ? ' (ENTRY:LABEL, e.g. KIT-12:A)' : '';
      return { ok: false, message: `no runnable reading ${JSON.stringify(name)}${shape}${known}` };
    }
    const label = m[2] as string;
    readings = readings.with(entry, m[3] === undefined ? { label } : { label, member: m[3] });
  }
  return { ok: true, readings };
}

/** Every name {@link readingsNamed} accepts for `entry`. */
function runnableNames(entry: string): string[] {
  const s = BY_ENTRY.get(entry);
  const labels = runnableLabels(entry).map((l) => `${entry}:${l}`);
  const rule = s?.rule;
  return rule === undefined ? labels : [...labels, ...rule.members.map((m) => `${entry}:${rule.label}/${m}`)];
}
