/**
 * What a `run --hermetic` observed, for every report: whether the trace ran, with which facility, and which
 * clauses it observed and which it did not, with why. Fails closed: a clause is listed as observed only when every
 * query of the run was traced; where the facility is missing or cannot trace, KD-TRUST-09, KD-TRUST-10 and
 * KD-EFFECT-04 are listed as not observed, and clock, random and file reads are never listed as observed, since a
 * system-call trace cannot tell them from what the provider's runtime does by itself.
 */
import { compareUtf8 } from '../../oracle/index.js';

/** One observed or unobserved part of the hermetic clauses. */
export interface HermeticCheck {
  what: 'network' | 'process-start' | 'clock' | 'random' | 'file-read';
  clauses: string[];
  /** For an observed part: how it is observed. */
  how?: string;
  /** For a part not observed: why. */
  why?: string;
}

/** The report's `hermetic` section. */
export interface HermeticReport {
  /** True when every query of the run was traced; false when the facility was missing or could not trace. */
  ran: boolean;
  /** The facility and its version (`strace -- version 6.1`), or null when none could trace. */
  facility: string | null;
  /** Why the trace did not run (the facility is missing, ptrace is refused), escaped. */
  reason?: string;
  /**
   * What the sandbox enforced rather than observed: a seccomp program bubblewrap loads ends the provider at a process
   * start or a network socket, whether or not it can tell it is traced (empty with the sandbox off).
   */
  enforced?: HermeticCheck[];
  observed: HermeticCheck[];
  not_observed: HermeticCheck[];
  /** Provider instances traced (one per persistent instance, one per one-shot query). */
  traced_instances: number;
  /** Vectors failed for an effect inside their own query window. */
  vectors_with_effects: number;
  /** Effects seen outside every query window (start-up, fixture loads, shutdown): no vector's. */
  effects_outside_queries: number;
}

const NETWORK: HermeticCheck = {
  what: 'network',
  clauses: ['KD-TRUST-10', 'KD-EFFECT-04'],
  how:
    'socket() of AF_INET, AF_INET6 or AF_PACKET, or connect(), sendto() or sendmsg() to such an ' +
    'address, inside the query window',
};
const PROCESS: HermeticCheck = {
  what: 'process-start',
  clauses: ['KD-TRUST-10', 'KD-TRUST-09'],
  how: 'execve() or execveat(), fork(), vfork(), or clone()/clone3() without CLONE_THREAD, inside the query window',
};
const NEVER_OBSERVABLE: HermeticCheck[] = [
  {
    what: 'clock',
    clauses: ['KD-TRUST-10'],
    why:
      'a runtime reads the clock by itself (timers, its scheduler), mostly through the vDSO, ' +
      'which no system-call trace sees',
  },
  {
    what: 'random',
    clauses: ['KD-TRUST-10'],
    why:
      'a runtime draws random bytes by itself (hash seeds, its own start-up), and getrandom() ' +
      'from the provider looks the same',
  },
  {
    what: 'file-read',
    clauses: ['KD-TRUST-10'],
    why:
      'a runtime reads files by itself (its modules, /proc, locale data), and a trace cannot ' +
      'tell an ambient file the provider reads from those',
  },
];

/** How the sandbox enforces: the kernel ends the provider at the call, traced or not. */
const SECCOMP =
  "a seccomp program bubblewrap loads before the provider's command: the kernel ends the provider at the call";

/** What the sandbox's seccomp program enforces (runner/sandbox/seccomp-filter.ts). */
export const ENFORCED_CHECKS: readonly HermeticCheck[] = [
  {
    what: 'process-start',
    clauses: ['KD-TRUST-10', 'KD-TRUST-09'],
    how:
      `fork(), vfork(), clone() without CLONE_THREAD (clone3 answers ENOSYS), by ${SECCOMP}; ` +
      'execve() stays allowed and is observed only',
  },
  {
    what: 'network',
    clauses: ['KD-TRUST-10', 'KD-EFFECT-04'],
    how: `socket() of any family but AF_UNIX (io_uring_setup answers ENOSYS), by ${SECCOMP}`,
  },
];

/** The report's section with what the sandbox enforced added (`enforced` false: observation only, named so). */
export function withEnforcement(report: HermeticReport, enforced: boolean): HermeticReport {
  return { ...report, enforced: enforced ? [...ENFORCED_CHECKS] : [] };
}

/**
 * The section of a run the sandbox enforced: nothing traced (so no provider behaves differently because it sees a
 * tracer), process starts and network sockets ended by the kernel, and what is left neither enforced nor observed
 * named as such: replacing itself (execve), clocks, random sources and ambient files.
 */
export function enforcedSection(forbiddenCalls: number): HermeticReport {
  return {
    ran: true,
    facility: 'seccomp program loaded by bubblewrap',
    enforced: [...ENFORCED_CHECKS],
    observed: [],
    not_observed: [
      {
        what: 'process-start',
        clauses: ['KD-TRUST-09'],
        why: 'execve(), which replaces the provider rather than starting a process, is allowed and not traced',
      },
      ...NEVER_OBSERVABLE,
    ],
    traced_instances: 0,
    vectors_with_effects: forbiddenCalls,
    effects_outside_queries: 0,
  };
}

/** The section for a run whose every query was traced. */
export function tracedObservation(
  facility: string,
  counts: { instances: number; vectorsWithEffects: number; outside: number },
): HermeticReport {
  return {
    ran: true,
    facility,
    observed: [NETWORK, PROCESS],
    not_observed: NEVER_OBSERVABLE,
    traced_instances: counts.instances,
    vectors_with_effects: counts.vectorsWithEffects,
    effects_outside_queries: counts.outside,
  };
}

/** The section for a run that asked for --hermetic where no facility could trace: nothing observed. */
export function untracedObservation(reason: string): HermeticReport {
  const why = `not observed: ${reason}`;
  return {
    ran: false,
    facility: null,
    reason,
    observed: [],
    not_observed: [
      { what: NETWORK.what, clauses: NETWORK.clauses, why },
      { what: PROCESS.what, clauses: PROCESS.clauses, why },
      ...NEVER_OBSERVABLE,
    ],
    traced_instances: 0,
    vectors_with_effects: 0,
    effects_outside_queries: 0,
  };
}

/**
 * The `hermetic` section of shards merged into one gate. Every shard must have been run alike, all with --hermetic or
 * none, or the merge is refused (a gate that traced only some shards would claim checks it did not make for the
 * rest). When one shard could not trace, the merged section is that shard's: nothing is claimed observed for the
 * merged gate. Counts add up; facilities of several hosts are listed, sorted, distinct.
 */
export function mergeHermeticReports(
  sections: readonly (HermeticReport | undefined)[],
): { ok: true; hermetic: HermeticReport | undefined } | { ok: false; message: string } {
  const present = sections.filter((s): s is HermeticReport => s !== undefined);
  if (present.length === 0) return { ok: true, hermetic: undefined };
  if (present.length !== sections.length) {
    return { ok: false, message: 'refusing to merge reports run with and without --hermetic' };
  }
  const sum = (pick: (s: HermeticReport) => number): number => present.reduce((n, s) => n + pick(s), 0);
  const counts = {
    traced_instances: sum((s) => s.traced_instances),
    vectors_with_effects: sum((s) => s.vectors_with_effects),
    effects_outside_queries: sum((s) => s.effects_outside_queries),
  };
  // Enforced for the merged gate only when every shard enforced it.
  const enforcedEverywhere = present.every((s) => (s.enforced?.length ?? 0) > 0);
  const enforced = present.some((s) => s.enforced !== undefined)
    ? { enforced: enforcedEverywhere ? [...ENFORCED_CHECKS] : [] }
    : {};
  const untraced = present.find((s) => !s.ran);
  if (untraced !== undefined) return { ok: true, hermetic: { ...untraced, ...enforced, ...counts } };
  const facilities = [...new Set(present.map((s) => s.facility ?? ''))].sort(compareUtf8);
  const first = present[0] as HermeticReport;
  return { ok: true, hermetic: { ...first, ...enforced, facility: facilities.join('; '), ...counts } };
}

/** One line for the console and the text reports. */
export function describeHermetic(h: HermeticReport): string {
  if (h.facility === 'seccomp program loaded by bubblewrap')
    return (
      'hermetic: process starts and network sockets enforced by a seccomp program (the kernel ends the provider at ' +
      `the call, traced or not); ${h.vectors_with_effects} vector(s) ended so; execve, clock, random and file reads ` +
      'not observed'
    );
  if (!h.ran)
    return (
      `hermetic: not observed (${h.reason ?? 'no facility'}): KD-TRUST-09, KD-TRUST-10, ` +
      `KD-EFFECT-04 were not checked`
    );
  const enforced =
    h.enforced === undefined
      ? ''
      : h.enforced.length === 0
        ? 'nothing enforced (the sandbox is off: observed only); '
        : 'process starts and network sockets enforced by seccomp (the kernel ends the provider); ';
  return (
    `hermetic: ${enforced}${h.facility ?? ''} traced ${h.traced_instances} provider instance(s); ` +
    `${h.vectors_with_effects} vector(s) failed for a network request or process start in their ` +
    `query; ${h.effects_outside_queries} effect(s) outside every query (not blamed); clock, random ` +
    `and file reads not observable`
  );
}
