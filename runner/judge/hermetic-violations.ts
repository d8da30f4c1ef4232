/**
 * A query's effects as violations, and a judgement that carries them. A network request breaks KD-TRUST-10 and
 * KD-EFFECT-04 ([L36]: the query cannot perform network requests; [L298], [L421]: discovery never performs the
 * effect); a process start breaks KD-TRUST-10 and KD-TRUST-09 ([L36]: it cannot spawn processes, nor execute user
 * code, macros or build scripts). The call text comes from the provider (a path, an argument, an address), so it
 * is escaped and bounded here, once, as every other provider text in a judgement is.
 */
import { escapeText, type Violation } from '../../oracle/index.js';
import { violation } from '../../oracle/internal.js';
import { verdictNotHandled, type VectorJudgement } from './verdict.js';
import type { HermeticEvent } from '../hermetic/attribute-events.js';

/** At most this many events of one vector become violations (each names its pid, time and call). */
export const MAX_EVENTS_PER_VECTOR = 8;
/** At most this many characters of one call's text reach a report. */
export const MAX_CALL_TEXT = 200;

const CLAUSES: Record<HermeticEvent['kind'], { code: string; clauses: string[]; expected: string; message: string }> = {
  network: {
    code: 'hermetic-network',
    clauses: ['KD-TRUST-10', 'KD-EFFECT-04'],
    expected: 'no network request while the query is answered',
    message: 'the provider made a network request while answering the query',
  },
  process: {
    code: 'hermetic-process',
    clauses: ['KD-TRUST-10', 'KD-TRUST-09'],
    expected: 'no process started while the query is answered',
    message: 'the provider started a process while answering the query',
  },
};

/** The violations of a query's effects: one per clause an event breaks, for the first events. */
export function hermeticViolations(events: readonly HermeticEvent[]): Violation[] {
  const out: Violation[] = [];
  for (const event of events.slice(0, MAX_EVENTS_PER_VECTOR)) {
    const rule = CLAUSES[event.kind];
    const micros = String(event.call.timeUs % 1_000_000).padStart(6, '0');
    const seconds = `${Math.floor(event.call.timeUs / 1_000_000)}.${micros}`;
    const call = escapeText(`${event.call.syscall}(${event.call.args}`, { asciiOnly: true, max: MAX_CALL_TEXT });
    const actual = `pid ${event.call.pid} at ${seconds}: ${call}`;
    for (const clause of rule.clauses)
      out.push(violation(rule.code, clause, rule.message, { expected: rule.expected, actual }));
  }
  return out;
}

/**
 * The judgement with a query's effect violations: a PASS or ACCEPTABLE becomes a FAIL whose clauses come from the
 * hermetic trace; a FAIL keeps its clause source and gains the clauses; an ERROR stays an ERROR (it fails the gate
 * already) and carries the violations as evidence.
 */
export function withHermeticViolations(j: VectorJudgement, events: readonly HermeticEvent[]): VectorJudgement {
  if (events.length === 0) return j;
  const found = hermeticViolations(events);
  const clauses = [...new Set(found.map((v) => v.clause))];
  const violations = [...j.violations, ...found];
  const note = `${events.length} effect(s) observed while the query was answered (run --hermetic)`;
  const notes = [...j.notes, note];
  const failed = { fail_clauses: clauses.sort(), clause_source: 'hermetic', violations, notes } as const;
  switch (j.verdict) {
    case 'PASS':
      return { ...j, verdict: 'FAIL', ...failed };
    case 'ACCEPTABLE': {
      // The alternative matched says nothing once the answer broke a clause of its own.
      const { acceptable, ...answered } = j;
      return { ...answered, verdict: 'FAIL', ...failed };
    }
    case 'FAIL':
      return { ...j, fail_clauses: [...new Set([...j.fail_clauses, ...clauses])].sort(), violations, notes };
    case 'ERROR':
    case 'NOT-RUN':
    case 'XFAIL':
    case 'XPASS':
      return { ...j, violations, notes };
    case 'NOT-APPLICABLE':
      // Never sent, so no query window of the trace is its own.
      return j;
    default:
      return verdictNotHandled(j);
  }
}
