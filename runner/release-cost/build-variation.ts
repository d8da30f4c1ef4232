/**
 * The build conditions the release-cost gate controls and varies, in the spirit of
 * reprotest: the build path, time zone, locale, umask, HOME and the order in which the
 * source files are created. The control build (A1) and every feature build (B, C) use
 * the control conditions; the variant build (A2) changes all of them at once, so any
 * of them leaking into the artifact shows as NONDETERMINISTIC. SOURCE_DATE_EPOCH is a
 * pin, the same for every build, and recorded beside the variations (OQ-45: the gate
 * records the reproducible-build pins it used).
 */
import { join } from 'node:path';

/** One column of the variations table. */
export interface BuildVariation {
  name: 'control' | 'variant';
  /** Folder the build runs in (its `src/` and `out/` are made inside). */
  buildRoot: string;
  tz: string;
  locale: string;
  umask: number;
  home: string;
  fileOrder: 'sorted' | 'reversed';
  sourceDateEpoch: string;
}

/** The pinned SOURCE_DATE_EPOCH (2023-11-14T22:13:20Z), the same for every build. */
export const SOURCE_DATE_EPOCH = '1700000000';

/** The control conditions under `base`. */
export function controlVariation(base: string): BuildVariation {
  return {
    name: 'control',
    buildRoot: join(base, 'build'),
    tz: 'UTC',
    locale: 'C.UTF-8',
    umask: 0o022,
    home: join(base, 'home'),
    fileOrder: 'sorted',
    sourceDateEpoch: SOURCE_DATE_EPOCH,
  };
}

/** The variant conditions under another `base`: another path depth and name, the far side of the date line, another language, a stricter umask. */
export function variantVariation(base: string): BuildVariation {
  return {
    name: 'variant',
    buildRoot: join(base, 'kofun-ctk-variant', 'deeper', 'build'),
    tz: 'Pacific/Kiritimati',
    locale: 'fr_FR.UTF-8',
    umask: 0o077,
    home: join(base, 'home-variant'),
    fileOrder: 'reversed',
    sourceDateEpoch: SOURCE_DATE_EPOCH,
  };
}

/** The build environment: PATH from this process, the variation, the configuration's fixed entries, then the gate's own. */
export function buildEnvironment(v: BuildVariation, fixed: Record<string, string>, gate: Record<string, string>): Record<string, string> {
  const env: Record<string, string> = {};
  if (process.env['PATH'] !== undefined) env['PATH'] = process.env['PATH'];
  Object.assign(env, {
    HOME: v.home,
    TZ: v.tz,
    LANG: v.locale,
    LC_ALL: v.locale,
    SOURCE_DATE_EPOCH: v.sourceDateEpoch,
  });
  Object.assign(env, fixed, gate);
  return env;
}

/** The variations table, both environments side by side. */
export function formatVariations(columns: readonly { label: string; v: BuildVariation }[]): string[] {
  const rows: [string, (v: BuildVariation) => string][] = [
    ['build path', (v) => v.buildRoot],
    ['TZ', (v) => v.tz],
    ['LANG, LC_ALL', (v) => v.locale],
    ['umask', (v) => v.umask.toString(8).padStart(4, '0')],
    ['HOME', (v) => v.home],
    ['source file order', (v) => v.fileOrder],
    ['SOURCE_DATE_EPOCH (pin)', (v) => v.sourceDateEpoch],
  ];
  const table: string[][] = [['variation', ...columns.map((c) => c.label)], ...rows.map(([name, f]) => [name, ...columns.map((c) => f(c.v))])];
  const widths = table[0]?.map((_, i) => Math.max(...table.map((r) => (r[i] ?? '').length))) ?? [];
  return table.map((r) => r.map((cell, i) => (i === r.length - 1 ? cell : cell.padEnd(widths[i] ?? 0))).join('  '));
}
