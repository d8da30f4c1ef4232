/**
 * The report's `sandbox` section in one line (console, Markdown, HTML, JUnit, `smoke`), and the merge of the sections
 * of shard reports. A merge never claims more isolation than every shard had: one shard run with the sandbox off
 * makes the merged section off, naming the reason.
 */
import { compareUtf8 } from '../../oracle/index.js';
import type { SandboxReport } from './sandbox.js';

/** One line: what isolated the provider, or that nothing did and why; then where the isolation was weaker. */
export function describeSandbox(s: SandboxReport): string {
  const weaker = s.notes.length === 0 ? '' : `; ${s.notes.join('; ')}`;
  if (s.mode === 'off') return `sandbox: OFF (${s.reason ?? 'off'})${weaker}`;
  const hidden = s.hidden.length === 0 ? '' : `; hidden: ${s.hidden.join(', ')}`;
  const binds = [
    ...s.read_only_binds.map((p) => `${p} (read-only)`),
    ...s.writable_binds.map((p) => `${p} (writable)`),
  ];
  return (
    `sandbox: on (${s.facility ?? 'bubblewrap'}): read-only but for a scratch folder per instance, no network, ` +
    `every process ends with its instance${hidden}` +
    `${binds.length === 0 ? '' : `; binds: ${binds.join(', ')}`}${weaker}`
  );
}

/** The sandbox section of merged shard reports: absent when no shard has one (reports of an earlier kit). */
export function mergeSandboxReports(sections: readonly (SandboxReport | undefined)[]): SandboxReport | undefined {
  const present = sections.filter((s): s is SandboxReport => s !== undefined);
  if (present.length === 0) return undefined;
  const union = (pick: (s: SandboxReport) => readonly string[]): string[] =>
    [...new Set(present.flatMap(pick))].sort(compareUtf8);
  const off = present.find((s) => s.mode === 'off');
  const missing = present.length < sections.length ? ['a shard report says nothing of a sandbox'] : [];
  if (off !== undefined || missing.length > 0) {
    return {
      mode: 'off',
      facility: null,
      reason: off?.reason ?? missing[0] ?? 'off',
      enforced: [],
      hidden: [],
      read_only_binds: [],
      writable_binds: [],
      notes: [...missing, ...union((s) => s.notes)],
    };
  }
  const first = present[0] as SandboxReport;
  return {
    mode: 'on',
    facility: union((s) => (s.facility === null ? [] : [s.facility])).join('; '),
    enforced: first.enforced,
    hidden: union((s) => s.hidden),
    read_only_binds: union((s) => s.read_only_binds),
    writable_binds: union((s) => s.writable_binds),
    notes: union((s) => s.notes),
  };
}
