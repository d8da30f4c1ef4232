/**
 * The report's `sandbox` section in one line, and its caps (`sandbox.limits`) in another (console, Markdown, HTML,
 * JUnit, `smoke`), and the merge of the sections of shard reports. A merge never claims more isolation than every
 * shard had: one shard run with the sandbox off makes the merged section off, naming the reason, and one shard run
 * without caps makes the merged caps off.
 */
import { compareUtf8 } from '../../oracle/index.js';
import type { LimitsReport } from '../limits/limits.js';
import { formatBytes } from '../limits/resource-limits.js';
import type { SandboxReport } from './sandbox.js';

/** One line: what isolated the provider, or that nothing did and why; then where the isolation was weaker. */
export function describeSandbox(s: SandboxReport): string {
  const weaker = s.notes.length === 0 ? '' : `; ${s.notes.join('; ')}`;
  const passed = s.environment?.passed ?? [];
  const env = passed.length === 0 ? '' : `; passed from the runner's environment: ${passed.join(', ')}`;
  if (s.mode === 'off') return `sandbox: OFF (${s.reason ?? 'off'})${env}${weaker}`;
  const hidden = s.hidden.length === 0 ? '' : `; hidden: ${s.hidden.join(', ')}`;
  const binds = [
    ...s.read_only_binds.map((p) => `${p} (read-only)`),
    ...s.writable_binds.map((p) => `${p} (writable)`),
  ];
  return (
    `sandbox: on (${s.facility ?? 'bubblewrap'}${s.launcher === undefined ? '' : ` at ${s.launcher}`}): ` +
    'a view built from an allowlist, writable only in a tmpfs scratch folder per instance, an environment built by ' +
    `the runner, no network, every process ends with its instance${hidden}` +
    `${binds.length === 0 ? '' : `; binds: ${binds.join(', ')}`}${env}${weaker}`
  );
}

/** One line: the caps and what held them, or that none was held and why. */
export function describeLimits(l: LimitsReport): string {
  if (l.mode === 'off') return `limits: OFF (${l.reason ?? 'off'}): no cap was held`;
  const i = l.instance;
  const caps =
    `memory ${formatBytes(i['memory_bytes'] ?? 0)}, ${i['processes']} tasks, scratch ` +
    `${formatBytes(i['scratch_bytes'] ?? 0)}, /dev/shm ${formatBytes(i['shm_bytes'] ?? 0)}, ${i['open_files']} open ` +
    `files, ${i['cpu_seconds_per_query']} s of CPU per query`;
  const notes = l.notes.length === 0 ? '' : `; ${l.notes.join('; ')}`;
  return `limits: on (${l.mechanism ?? 'watchdog'}): each instance within ${caps}; held by ${l.held_by}${notes}`;
}

/** The sandbox section of merged shard reports: absent when no shard has one (reports of an earlier kit). */
export function mergeSandboxReports(sections: readonly (SandboxReport | undefined)[]): SandboxReport | undefined {
  const present = sections.filter((s): s is SandboxReport => s !== undefined);
  if (present.length === 0) return undefined;
  const union = (pick: (s: SandboxReport) => readonly string[]): string[] =>
    [...new Set(present.flatMap(pick))].sort(compareUtf8);
  const off = present.find((s) => s.mode === 'off');
  const missing = present.length < sections.length ? ['a shard report says nothing of a sandbox'] : [];
  const limits = mergeLimits(present.map((s) => s.limits));
  const passed = union((s) => s.environment?.passed ?? []);
  const environment =
    present[0]?.environment === undefined
      ? undefined
      : { allowlist: present[0].environment.allowlist, declared: union((s) => s.environment?.declared ?? []), passed };
  if (off !== undefined || missing.length > 0) {
    return {
      mode: 'off',
      facility: null,
      reason: off?.reason ?? missing[0] ?? 'off',
      enforced: [],
      hidden: [],
      read_only_binds: [],
      writable_binds: [],
      ...(environment === undefined ? {} : { environment }),
      notes: [...missing, ...union((s) => s.notes)],
      ...(limits === undefined ? {} : { limits }),
    };
  }
  const first = present[0] as SandboxReport;
  return {
    mode: 'on',
    facility: union((s) => (s.facility === null ? [] : [s.facility])).join('; '),
    ...(first.launcher === undefined
      ? {}
      : { launcher: union((s) => (s.launcher === undefined ? [] : [s.launcher])).join('; ') }),
    enforced: first.enforced,
    hidden: union((s) => s.hidden),
    read_only_binds: union((s) => s.read_only_binds),
    writable_binds: union((s) => s.writable_binds),
    ...(first.view === undefined ? {} : { view: union((s) => s.view ?? []) }),
    ...(environment === undefined ? {} : { environment }),
    notes: union((s) => s.notes),
    ...(limits === undefined ? {} : { limits }),
  };
}

/** The caps of merged shards: off when any shard held none (or said nothing of them), else the first shard's caps. */
function mergeLimits(sections: readonly (LimitsReport | undefined)[]): LimitsReport | undefined {
  const present = sections.filter((s): s is LimitsReport => s !== undefined);
  if (present.length === 0) return undefined;
  const first = present[0] as LimitsReport;
  const off = present.find((s) => s.mode === 'off');
  const notes = [...new Set(present.flatMap((s) => s.notes))].sort(compareUtf8);
  if (off !== undefined || present.length < sections.length)
    return {
      ...first,
      mode: 'off',
      reason: off?.reason ?? 'a shard report says nothing of its caps',
      mechanism: null,
      held_by: 'nothing in at least one shard',
      notes,
    };
  const mechanisms = new Set(present.map((s) => s.mechanism));
  return {
    ...first,
    ...(mechanisms.size > 1 ? { held_by: [...new Set(present.map((s) => s.held_by))].join('; ') } : {}),
    notes,
  };
}
