/**
 * What switching a register entry to another reading the oracle runs does to the vectors, computed in memory: each
 * query case the entry's choice decides something for (the entries its evaluation asked about, readings.ts) is
 * answered again under the other reading, with the register's choice switched, and compared with its vector's expected
 * and acceptable bytes. The register's self-check (item 6 of the maintainers' loop) holds every runnable reading to
 * changing some vector, or to the register's `same_bytes_because` saying why none can.
 */
import { kitReadings, type Readings, type RegisterEntry } from '../../oracle/index.js';
import { readingRun, READING_SWITCHES } from '../../oracle/internal.js';
import type { CaseDefinition, QueryCase } from '../case-definition.js';
import { caseAnswers } from './generate-vectors.js';

/** One runnable reading other than the choice, and the vectors it changes. */
export interface ReadingEffect {
  entry: string;
  label: string;
  /** The reading gives the bytes of another on every input (`same-as` in its switch). */
  sameAs?: string;
  /** Ids of the vectors whose expected or acceptable bytes differ; the first only when `firstOnly`. */
  changed: string[];
  /** How many cases were evaluated again (those whose evaluation asked about the entry). */
  asked: number;
}

const sameBytes = (a: Uint8Array, b: Uint8Array): boolean => Buffer.from(a).equals(Buffer.from(b));

/**
 * The effect of every runnable one-answer reading of every switch other than the register's choice, over `cases`.
 * `firstOnly` stops at the first changed vector of a reading that is not the same as another.
 */
export function readingEffects(
  cases: readonly CaseDefinition[],
  register: readonly RegisterEntry[],
  options: { firstOnly?: boolean; readings?: Readings } = {},
): ReadingEffect[] {
  const readings = options.readings ?? kitReadings();
  const queries = cases.filter((c): c is QueryCase => c.kind === 'query');
  const base = queries.map((c) => ({ c, answers: caseAnswers(c, { register, readings }) }));
  const out: ReadingEffect[] = [];
  for (const s of READING_SWITCHES) {
    const at = register.findIndex((e) => e.id === s.entry);
    const entry = register[at];
    if (entry === undefined) continue;
    for (const label of Object.keys(s.runs)) {
      if (label === entry.choice) continue;
      const run = readingRun(s.entry, label);
      const switched = register.map((e, i) => (i === at ? { ...e, choice: label } : e));
      const under = readings.with(s.entry, { label });
      const effect: ReadingEffect = { entry: s.entry, label, changed: [], asked: 0 };
      if (run.kind === 'same-as') effect.sameAs = run.as;
      for (const { c, answers } of base) {
        if (!answers.asked.has(s.entry)) continue;
        effect.asked += 1;
        const again = caseAnswers(c, { register: switched, readings: under });
        const same =
          sameBytes(again.expected, answers.expected) &&
          again.alternatives.length === answers.alternatives.length &&
          again.alternatives.every(
            (a, i) => a.name === answers.alternatives[i]?.name && sameBytes(a.bytes, answers.alternatives[i].bytes),
          );
        if (same) continue;
        effect.changed.push(c.id);
        if (options.firstOnly === true && run.kind !== 'same-as') break;
      }
      out.push(effect);
    }
  }
  return out;
}
