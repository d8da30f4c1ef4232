/**
 * Phases of a gate run that run alongside each other (run-gate.ts runs the base and release-cost phases so): each
 * takes the same findings and returns them with its own part added, and the parts are merged as if the phases had
 * run one after the other in the order given. Each phase judges vectors of its own, so no part overwrites another;
 * the reasons a run is incomplete keep that order too, so the report does not depend on which phase finished first.
 */
import type { GateFindings, GatePhase } from './gate-run.js';

/** One phase that runs `phases` at once on the same findings and merges what each added. */
export function alongside(...phases: readonly GatePhase[]): GatePhase {
  return async (run, before) => {
    // Every phase ends (and closes what it started) before a fault of one is thrown.
    const settled = await Promise.allSettled(phases.map((phase) => phase(run, before)));
    const parts: GateFindings[] = [];
    for (const s of settled) {
      if (s.status === 'rejected') throw s.reason;
      parts.push(s.value);
    }
    return parts.reduce((merged, part) => withPart(before, merged, part), before);
  };
}

/** `merged` with what `part` added to (or changed from) `before`. */
export function withPart(before: GateFindings, merged: GateFindings, part: GateFindings): GateFindings {
  return {
    judgements: withChanged(before.judgements, merged.judgements, part.judgements),
    answered: withChanged(before.answered, merged.answered, part.answered),
    changedFiles: new Set([...merged.changedFiles, ...part.changedFiles]),
    incomplete: [...merged.incomplete, ...part.incomplete.slice(before.incomplete.length)],
    ...pick('fresh', before, merged, part),
    ...pick('fuzz', before, merged, part),
  };
}

function withChanged<K, V>(before: ReadonlyMap<K, V>, merged: ReadonlyMap<K, V>, part: ReadonlyMap<K, V>): Map<K, V> {
  const out = new Map(merged);
  for (const [key, value] of part) if (before.get(key) !== value || !before.has(key)) out.set(key, value);
  return out;
}

function pick<K extends 'fresh' | 'fuzz'>(
  key: K,
  before: GateFindings,
  merged: GateFindings,
  part: GateFindings,
): Pick<GateFindings, K> | Record<string, never> {
  const value = part[key] !== before[key] ? part[key] : merged[key];
  return value === undefined ? {} : ({ [key]: value } as Pick<GateFindings, K>);
}
