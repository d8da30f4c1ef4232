/**
 * The build conditions the release-cost gate controls and varies, in the spirit of
 * reprotest: the build path, time zone, locale, umask, HOME, the order in which the
 * source files are created and the clock (through libfaketime, find-faketime.ts). The control build (A1) and every
 * feature build (B, C) use the control conditions; the variant build (A2) changes all of them at once, so any
 * of them leaking into the artifact shows as NONDETERMINISTIC. SOURCE_DATE_EPOCH is a
 * pin, the same for every build, and recorded beside the variations (OQ-45: the gate
 * records the reproducible-build pins it used).
 */
import { join } from 'node:path';
import { findFaketime } from './find-faketime.js';

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
  /** Seconds the build's clock is shifted by, and the faketime wrapper that shifts it (null: not varied). */
  clock: { offsetSeconds: number; faketime: string | null };
}

/** The variant clock's shift: 400 days and one hour, so the date and the time of day both change. */
export const CLOCK_OFFSET_SECONDS = 400 * 86_400 + 3_600;

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
    clock: { offsetSeconds: 0, faketime: null },
  };
}

/**
 * The variant conditions under another `base`: another path depth and name, the far side of the
 * date line, another language, a stricter umask, and a clock 400 days ahead when `faketime` is
 * there (the clock stays real without it, and the variations table says so).
 */
export function variantVariation(base: string, faketime: string | null = findFaketime()): BuildVariation {
  return {
    name: 'variant',
    buildRoot: join(base, 'kofun-ctk-variant', 'deeper', 'build'),
    tz: 'Pacific/Kiritimati',
    locale: 'fr_FR.UTF-8',
    umask: 0o077,
    home: join(base, 'home-variant'),
    fileOrder: 'reversed',
    sourceDateEpoch: SOURCE_DATE_EPOCH,
    clock: faketime === null ? { offsetSeconds: 0, faketime: null } : { offsetSeconds: CLOCK_OFFSET_SECONDS, faketime },
  };
}

/**
 * The build environment: PATH from this process, the variation, the configuration's fixed entries, then the gate's own.
 */
export function buildEnvironment(
  v: BuildVariation,
  fixed: Record<string, string>,
  gate: Record<string, string>,
): Record<string, string> {
  const env: Record<string, string> = {};
  if (process.env['PATH'] !== undefined) env['PATH'] = process.env['PATH'];
  Object.assign(env, {
    HOME: v.home,
    TZ: v.tz,
    LANG: v.locale,
    LC_ALL: v.locale,
    SOURCE_DATE_EPOCH: v.sourceDateEpoch,
  });
  // A faked monotonic clock can stall timers of the build's runtime; only the wall clock is varied.
  if (v.clock.faketime !== null) env['FAKETIME_DONT_FAKE_MONOTONIC'] = '1';
  Object.assign(env, fixed, gate);
  return env;
}

/** The clock column of a variation: real, shifted by faketime, or not varied for want of it. */
export function clockText(v: BuildVariation): string {
  if (v.clock.faketime !== null) return `+${v.clock.offsetSeconds} s (faketime)`;
  return v.name === 'variant' ? 'real (not varied: faketime not found)' : 'real';
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
    ['clock', clockText],
    ['SOURCE_DATE_EPOCH (pin)', (v) => v.sourceDateEpoch],
  ];
  const table: string[][] = [
    ['variation', ...columns.map((c) => c.label)],
    ...rows.map(([name, f]) => [name, ...columns.map((c) => f(c.v))]),
  ];
  const widths = table[0]?.map((_, i) => Math.max(...table.map((r) => (r[i] ?? '').length))) ?? [];
  return table.map((r) => r.map((cell, i) => (i === r.length - 1 ? cell : cell.padEnd(widths[i] ?? 0))).join('  '));
}
