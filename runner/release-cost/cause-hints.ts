/**
 * Why two artifacts differ, not only where (KD-RELEASE-03: a difference between builds of
 * the same source is only actionable when its cause is known). The gate knows what it
 * varied between the two builds; a hint says that one of those variations leaked into the
 * artifact, at which entry and offset (or header field), with the usual remedy:
 *
 * - a value that differed between the builds (build path, HOME, time-zone or locale name)
 *   found on each side, A's value in A and B's value in B, where the two sides' bytes differ;
 * - a timestamp of a build's own clock window (time-window.ts) in a differing region, or in
 *   an archive header field (tar and gzip MTIME, zip DOS times);
 * - permission bits that differ only where one of the two umasks clears bits;
 * - zip entries in another order.
 *
 * A hint is evidence, never a verdict: it never turns a difference into a pass, and where
 * nothing is found the report says nothing (it never guesses a cause).
 */
import { readAllOf, displayPath, type ArtifactEntry } from './artifact-tree.js';
import type { ArtifactComparison, EntryDifference } from './compare-artifacts.js';
import { findTimes, inWindow, wallClockInWindow, type BuildClock } from './time-window.js';

/** The variations a hint can name, in the words a release engineer uses. */
export type Variation = 'build path' | 'HOME' | 'time zone' | 'locale' | 'time' | 'umask' | 'file order';

/** A named value that differed between the two builds. */
export interface VariedValue {
  variation: Extract<Variation, 'build path' | 'HOME' | 'time zone' | 'locale'>;
  a: string;
  b: string;
}

/** What differed between the two builds of a compared pair, as far as the gate knows it. */
export interface BuildDifferences {
  values: VariedValue[];
  clockA: BuildClock | null;
  clockB: BuildClock | null;
  umask: { a: number; b: number } | null;
}

/** One cause hint. Offsets are byte offsets in the entry's bytes; `field` names a header field instead. */
export interface CauseHint {
  variation: Variation;
  /** The entry, inside archives as `outer :: inner`. */
  entry: string;
  field: string | null;
  offsetA: number | null;
  offsetB: number | null;
  /** What was found on each side (raw; escape before printing). */
  a: string | null;
  b: string | null;
  remedy: string;
}

export const REMEDY: Record<Variation, string> = {
  'build path':
    'map the build path to a fixed prefix (-ffile-prefix-map=OLD=NEW, --remap-path-prefix, -trimpath) ' +
    'or build in a fixed folder',
  HOME:
    'keep HOME out of the artifact: map its prefix like the build path, ' +
    'or set HOME to a fixed folder for the build',
  'time zone': 'format times in UTC (TZ=UTC) or take them from SOURCE_DATE_EPOCH',
  locale: 'build with a fixed locale (LC_ALL=C.UTF-8) or keep locale names out of the artifact',
  time: 'take every embedded time from SOURCE_DATE_EPOCH and clamp archive entry times to it',
  umask: 'set a fixed umask (022) for the build, or set file modes explicitly when packing',
  'file order': 'sort archive entries (and folder listings) by name before packing',
};

export interface HintOptions {
  /** Entries larger than this (either side) are not searched. */
  maxBytes: number;
  /** Most hints of one comparison. */
  maxHints: number;
}

export const DEFAULT_HINT_OPTIONS: HintOptions = { maxBytes: 16 * 1024 * 1024, maxHints: 50 };

const TIME_FIELDS = new Set(['tar.mtime', 'gzip.mtime']);
const WALL_CLOCK_FIELDS = new Set(['zip.mtime', 'zip.local-mtime']);

/** The hints of a comparison, nested archives included, in report order. */
export async function causeHints(
  cmp: ArtifactComparison,
  builds: BuildDifferences,
  options: HintOptions = DEFAULT_HINT_OPTIONS,
): Promise<CauseHint[]> {
  const out: CauseHint[] = [];
  await walk(cmp, '', builds, options, out);
  return out.slice(0, options.maxHints);
}

async function walk(
  cmp: ArtifactComparison,
  prefix: string,
  builds: BuildDifferences,
  options: HintOptions,
  out: CauseHint[],
): Promise<void> {
  const name = (p: string): string => (prefix === '' ? displayPath(p) : p === '' ? prefix : `${prefix} :: ${p}`);
  let orderReported = false;
  for (const d of cmp.different) {
    if (out.length >= options.maxHints) return;
    const entry = name(d.path);
    out.push(...(await contentHints(d, entry, builds, options)));
    out.push(...metadataHints(d, entry, builds));
    // One order hint per archive: every later entry moves with the first one that moved.
    const order = d.metadata.find((m) => m.field === 'zip.index');
    if (order !== undefined && !orderReported) {
      orderReported = true;
      out.push({
        variation: 'file order',
        entry,
        field: 'zip.index',
        offsetA: null,
        offsetB: null,
        a: String(order.a),
        b: String(order.b),
        remedy: REMEDY['file order'],
      });
    }
    const umask = umaskHint(d, entry, builds);
    if (umask !== null) out.push(umask);
    if (d.inner !== null && 'comparison' in d.inner) {
      await walk(d.inner.comparison, `${entry}${d.inner.format === 'gzip' ? ' :: gunzip' : ''}`, builds, options, out);
    }
  }
}

/** Offsets of `needle` in `own` where `other` does not hold the same bytes. */
function differingOccurrence(own: Buffer, other: Buffer, needle: Buffer): number | null {
  if (needle.length === 0) return null;
  for (let at = own.indexOf(needle); at >= 0; at = own.indexOf(needle, at + 1)) {
    if (!other.subarray(at, at + needle.length).equals(needle)) return at;
  }
  return null;
}

async function bytesOf(e: ArtifactEntry, options: HintOptions): Promise<Buffer | null> {
  if (e.content === null || e.size > options.maxBytes) return null;
  const b = await readAllOf(e.content);
  return Buffer.from(b.buffer, b.byteOffset, b.length);
}

async function contentHints(
  d: EntryDifference,
  entry: string,
  builds: BuildDifferences,
  options: HintOptions,
): Promise<CauseHint[]> {
  if (!d.aspects.includes('content')) return [];
  const [a, b] = await Promise.all([bytesOf(d.a, options), bytesOf(d.b, options)]);
  if (a === null || b === null) return [];
  const hints: CauseHint[] = [];
  for (const v of builds.values) {
    // Both sides must hold their own value: one side alone could be a coincidence.
    const offsetA = differingOccurrence(a, b, Buffer.from(v.a));
    const offsetB = differingOccurrence(b, a, Buffer.from(v.b));
    if (offsetA === null || offsetB === null) continue;
    hints.push({
      variation: v.variation,
      entry,
      field: null,
      offsetA,
      offsetB,
      a: v.a,
      b: v.b,
      remedy: REMEDY[v.variation],
    });
  }
  const timeA = builds.clockA === null ? null : firstDifferingTime(a, b, builds.clockA);
  const timeB = builds.clockB === null ? null : firstDifferingTime(b, a, builds.clockB);
  if (timeA !== null || timeB !== null) {
    hints.push({
      variation: 'time',
      entry,
      field: null,
      offsetA: timeA?.offset ?? null,
      offsetB: timeB?.offset ?? null,
      a: timeA?.text ?? null,
      b: timeB?.text ?? null,
      remedy: REMEDY.time,
    });
  }
  return hints;
}

/** The first timestamp of the clock in `own` that the other side does not hold at the same place. */
function firstDifferingTime(own: Buffer, other: Buffer, clock: BuildClock): { offset: number; text: string } | null {
  for (const t of findTimes(own, clock)) {
    if (!other.subarray(t.offset, t.offset + t.length).equals(own.subarray(t.offset, t.offset + t.length))) return t;
  }
  return null;
}

function metadataHints(d: EntryDifference, entry: string, builds: BuildDifferences): CauseHint[] {
  const hints: CauseHint[] = [];
  for (const m of d.metadata) {
    const timeField = TIME_FIELDS.has(m.field);
    const wallField = WALL_CLOCK_FIELDS.has(m.field);
    if (!timeField && !wallField) continue;
    const hit = (clock: BuildClock | null, v: string | number | null): boolean => {
      if (clock === null || v === null) return false;
      return timeField
        ? typeof v === 'number' && inWindow(clock, v)
        : typeof v === 'string' && wallClockInWindow(clock, v);
    };
    if (!hit(builds.clockA, m.a) && !hit(builds.clockB, m.b)) continue;
    const text = (v: string | number | null): string | null => (v === null ? null : String(v));
    hints.push({
      variation: 'time',
      entry,
      field: m.field,
      offsetA: null,
      offsetB: null,
      a: text(m.a),
      b: text(m.b),
      remedy: REMEDY.time,
    });
  }
  return hints;
}

/** Modes that differ only in bits one of the two umasks clears (and the umasks differ). */
function umaskHint(d: EntryDifference, entry: string, builds: BuildDifferences): CauseHint | null {
  const u = builds.umask;
  if (u === null || u.a === u.b || !d.aspects.includes('mode')) return null;
  const changed = d.a.mode ^ d.b.mode;
  if ((changed & ~(u.a | u.b) & 0o7777) !== 0) return null;
  const octal = (n: number): string => n.toString(8).padStart(4, '0');
  return {
    variation: 'umask',
    entry,
    field: 'mode',
    offsetA: null,
    offsetB: null,
    a: octal(d.a.mode),
    b: octal(d.b.mode),
    remedy: REMEDY.umask,
  };
}
