/**
 * The named ACCEPTABLE alternatives of a query (KD-ACCEPT-13), computed one way for every phase that judges a provider:
 * the vectors at generation, the fresh phase in its renamed worlds, and the fuzz phase on its generated cases. An
 * entry of the register whose `alternative_outcome` names another reading gives an alternative exactly where the
 * oracle, run under that reading (a switch, or each member of an acceptance rule), answers other bytes than under the
 * register's choices. Only the entries the evaluation asked about can answer otherwise (readings.ts), so the others
 * cost nothing.
 */
import type { LoadedFixture } from '../fixture/load-fixture.js';
import { interpretationsRegister, type RegisterEntry } from '../register/interpretations-register.js';
import { evaluateQueryRecord, evaluateQueryRecordOrThrow, type QueryEvaluation } from './evaluate-query.js';
import { kitReadings, readingSwitch } from './reading-switches.js';
import type { FollowedReading, Readings } from './readings.js';

/** One alternative: its name (with the rule's member after a slash), why it is acceptable, and its bytes. */
export interface AlternativeAnswer {
  name: string;
  reason: string;
  /** The register entry that allows it. */
  interpretation: string;
  /** The reading it follows: `<label>` or `<label>/<member>`. */
  reading: string;
  bytes: Uint8Array;
}

/** The answer under the register's choices and the alternatives beside it. */
export interface Answers {
  expected: Uint8Array;
  /** The candidate and filter steps the expected answer spent (KIT-10; a vector's features rest on them). */
  steps: number;
  alternatives: AlternativeAnswer[];
  /** The register entries the evaluation asked about: those whose other readings could answer otherwise. */
  asked: ReadonlySet<string>;
}

/** What to evaluate under. */
export interface AnswerOptions {
  /** The register whose alternatives to compute (the kit's by default). */
  register?: readonly RegisterEntry[];
  /** The readings to follow (the register's choices by default, kitReadings). */
  readings?: Readings;
  /** Throw on a fault of the oracle instead of answering invalid-request (generation: a fault is the kit's). */
  throwOnFault?: boolean;
}

/** An alternative the register names that the oracle cannot compute, as data for `vectors check`. */
export interface UnrunnableAlternative {
  entry: string;
  name: string;
  reading: string;
}

/** The alternatives of `register` the oracle cannot compute: their reading is neither a switch nor a rule it runs. */
export function unrunnableAlternatives(register: readonly RegisterEntry[]): UnrunnableAlternative[] {
  return register.flatMap((e) => {
    const alt = e.alternative_outcome;
    if (alt === null) return [];
    return planOf(e.id, alt.reading) === undefined ? [{ entry: e.id, name: alt.name, reading: alt.reading }] : [];
  });
}

/** The expected answer to `request` on `fixture`, and every named alternative the register allows beside it. */
export function answersWithAlternatives(
  request: Uint8Array,
  fixture: LoadedFixture,
  options: AnswerOptions = {},
): Answers {
  const readings = options.readings ?? kitReadings();
  const evaluate = (under: Readings): QueryEvaluation =>
    options.throwOnFault === true
      ? evaluateQueryRecordOrThrow(request, fixture, { readings: under })
      : evaluateQueryRecord(request, fixture, { readings: under });
  const tracked = readings.tracked();
  const { bytes: expected, steps } = evaluate(tracked);
  const asked = tracked.asked();
  const alternatives: AlternativeAnswer[] = [];
  for (const e of options.register ?? interpretationsRegister()) {
    const alt = e.alternative_outcome;
    if (alt === null || !asked.has(e.id)) continue;
    for (const member of planOf(e.id, alt.reading) ?? []) {
      const { bytes } = evaluate(readings.with(e.id, member.follow));
      if (sameBytes(bytes, expected) || alternatives.some((a) => sameBytes(a.bytes, bytes))) continue;
      alternatives.push({
        name: member.follow.member === undefined ? alt.name : `${alt.name}/${member.follow.member}`,
        reason: member.reason ?? alt.text,
        interpretation: e.id,
        reading: member.follow.member === undefined ? alt.reading : `${alt.reading}/${member.follow.member}`,
        bytes,
      });
    }
  }
  return { expected, steps, alternatives, asked };
}

/** The readings to evaluate for reading `label` of `entry`: one for a switch, one per member of a rule. */
function planOf(entry: string, label: string): { follow: FollowedReading; reason?: string }[] | undefined {
  const s = readingSwitch(entry);
  if (s === undefined) return undefined;
  const rule = s.rule;
  if (rule !== undefined && rule.label === label)
    return rule.members.map((member) => ({ follow: { label, member }, reason: rule.reason(member) }));
  if (s.runs[label] === undefined) return undefined;
  const reason = s.reasons?.[label];
  return [reason === undefined ? { follow: { label } } : { follow: { label }, reason }];
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && Buffer.from(a.buffer, a.byteOffset, a.length).equals(b);
}
