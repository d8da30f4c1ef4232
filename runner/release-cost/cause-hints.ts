/**
 * Why two artifacts differ, not only where (KD-RELEASE-03: a difference between builds of
 * the same source is only actionable when its cause is known). A hint names the cause, the
 * entry and offset (or header field) where it shows, and the usual remedy:
 *
 * - a value that differed between the builds (build path, HOME, time-zone or locale name)
 *   found on each side, A's value in A and B's value in B, where the two sides' bytes differ;
 * - a timestamp of a build's own clock window (time-window.ts) in a differing region;
 * - permission bits that differ only where one of the two umasks clears bits;
 * - a time in any text form (epoch seconds, ISO 8601 times and dates, date(1) text) where the bytes differ, in a
 *   side the gate did not build (two-artifact mode, no clock to hold it against): only beside a different time of
 *   the same form on the other side;
 * - what the packing tool records, read from the archive headers: entry times (tar and gzip
 *   MTIME, zip DOS times and the Unix times of zip extra fields, decoded), entry owners (tar uid, gid
 *   and names, zip uid/gid extra fields), comments (the zip archive and entry comments) and
 *   the order the entries are stored in, each with the remedy of that archive format.
 *
 * A hint is evidence, never a verdict: it never turns a difference into a pass, and where
 * nothing is found the report says nothing (it never guesses a cause).
 */
import { readAllOf, displayPath, type ArtifactEntry } from './artifact-tree.js';
import {
  orderExcerpt,
  type ArtifactComparison,
  type EntryDifference,
  type MetadataDifference,
} from './compare-artifacts.js';
import { findStamps, findTimes, type BuildClock, type FoundTime } from './time-window.js';

/** The build conditions the gate varies and can find in an artifact. */
export type BuildCondition = 'build path' | 'HOME' | 'time zone' | 'locale' | 'time' | 'umask';

/** The causes a hint can name, in the words a release engineer uses. */
export type Variation = BuildCondition | 'file order' | 'owner' | 'comment';

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
  /** The entry, inside archives as `outer :: inner`; the archive itself for its comment and entry order. */
  entry: string;
  /** A header field (`tar.mtime`, `zip.archive-comment`, `mode`, …), or `entry order`; null for byte offsets. */
  field: string | null;
  offsetA: number | null;
  offsetB: number | null;
  /** What was found on each side (raw; escape before printing). */
  a: string | null;
  b: string | null;
  remedy: string;
}

/** The field of an entry-order hint: not a header field, the order of the archive's entries. */
export const ENTRY_ORDER_FIELD = 'entry order';

/** The remedies of the build conditions, whatever the artifact's format. */
export const REMEDY: Record<BuildCondition, string> = {
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
};

/**
 * The remedies of what a packing tool records, by archive format. Each names options the tool documents:
 * GNU tar's manual and reproducible-builds.org's archive notes (tar), gzip(1), Info-ZIP zip(1), and
 * strip-nondeterminism(1p), which normalizes zip, jar and gzip files after the build.
 */
export const PACKING_REMEDY = {
  'tar order':
    'pack in name order: GNU tar --sort=name (tar 1.28 and later), or a sorted list: ' +
    'find DIR -print0 | LC_ALL=C sort -z | tar --null --no-recursion -T - -cf OUT.tar',
  'tar time':
    'set every entry time when packing: GNU tar --mtime=@$SOURCE_DATE_EPOCH ' +
    '(with --clamp-mtime, tar 1.29 and later, only later times are lowered)',
  'tar owner': 'record a fixed owner: GNU tar --owner=0 --group=0 --numeric-owner',
  'gzip time':
    'leave the file name and time out of the gzip header: gzip -n (--no-name); ' +
    'or normalize afterwards: strip-nondeterminism --timestamp=$SOURCE_DATE_EPOCH FILE.gz',
  'zip order':
    'pack in name order: find DIR | LC_ALL=C sort | zip -X -@ OUT.zip; ' +
    'or normalize afterwards: strip-nondeterminism OUT.zip (it sorts the entries by name)',
  'zip time':
    'set the file times before packing (touch --no-dereference --date=@$SOURCE_DATE_EPOCH) and run zip with ' +
    'TZ=UTC, since zip stores DOS times in local time; or normalize afterwards: ' +
    'strip-nondeterminism --timestamp=$SOURCE_DATE_EPOCH OUT.zip',
  'zip extra':
    'leave the Unix extra fields (file times, uid and gid) out: zip -X; ' +
    'or normalize afterwards: strip-nondeterminism --timestamp=$SOURCE_DATE_EPOCH OUT.zip',
  'zip comment':
    'write a fixed comment or none: nothing a build varies (time, path, host name) belongs in it; ' +
    'zip -z OUT.zip < /dev/null clears the archive comment',
} as const;

type PackingKey = keyof typeof PACKING_REMEDY;

/** The cause and remedy of each archive header field a hint reads (archive-inner.ts, archive-zip.ts). */
const FIELD_CAUSE: Record<string, { variation: Variation; remedy: PackingKey }> = {
  'tar.mtime': { variation: 'time', remedy: 'tar time' },
  'tar.uid': { variation: 'owner', remedy: 'tar owner' },
  'tar.gid': { variation: 'owner', remedy: 'tar owner' },
  'tar.uname': { variation: 'owner', remedy: 'tar owner' },
  'tar.gname': { variation: 'owner', remedy: 'tar owner' },
  'gzip.mtime': { variation: 'time', remedy: 'gzip time' },
  'zip.mtime': { variation: 'time', remedy: 'zip time' },
  'zip.local-mtime': { variation: 'time', remedy: 'zip time' },
  'zip.comment': { variation: 'comment', remedy: 'zip comment' },
  'zip.archive-comment': { variation: 'comment', remedy: 'zip comment' },
};

/**
 * The zip extra fields (zip-extra-fields.ts) that hold a time or an owner: the extended timestamp (`UT`), NTFS times,
 * the old Info-ZIP Unix field (`UX`: times, then uid and gid; its times are named) and the Unix uid/gid fields (`Ux`,
 * `ux`), in the central (`zip.extra.*`) or the local header (`zip.local-extra.*`).
 */
const EXTRA_FIELD_CAUSE: Readonly<Record<string, Variation>> = {
  UT: 'time',
  NTFS: 'time',
  UX: 'time',
  Ux: 'owner',
  ux: 'owner',
};

/** The cause of a zip extra field's header field (`zip.extra.UT`, `zip.local-extra.ux (#2)`), if it has one. */
function extraFieldCause(field: string): Variation | undefined {
  const m = /^zip\.(?:local-)?extra\.([A-Za-z]+)(?: \(#\d+\))?$/.exec(field);
  return m === null ? undefined : EXTRA_FIELD_CAUSE[m[1] ?? ''];
}

export interface HintOptions {
  /** Entries larger than this (either side) are not searched. */
  maxBytes: number;
  /** Most hints of one comparison. */
  maxHints: number;
}

export const DEFAULT_HINT_OPTIONS: HintOptions = { maxBytes: 16 * 1024 * 1024, maxHints: 50 };

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

/**
 * The hints of one tree: for an archive (`prefix` names it) first its own (entry order, archive comment), then
 * each differing entry's. A header-field cause (a time, owner or comment field, or a mode the umask explains) is
 * named once per archive or folder, at the first entry in path order that shows it: every other entry packed by the
 * same tool, or written under the same umask, has it for the same reason.
 */
async function walk(
  cmp: ArtifactComparison,
  prefix: string,
  builds: BuildDifferences,
  options: HintOptions,
  out: CauseHint[],
): Promise<void> {
  const name = (p: string): string => (prefix === '' ? displayPath(p) : p === '' ? prefix : `${prefix} :: ${p}`);
  const named = new Set<string>();
  const once = (hints: CauseHint[]): CauseHint[] =>
    hints.filter((h) => {
      const key = `${h.variation}\u0000${h.remedy}`;
      if (named.has(key)) return false;
      named.add(key);
      return true;
    });
  const order = orderHint(cmp, prefix);
  if (order !== null) out.push(order);
  out.push(...once(cmp.archiveMetadata.flatMap((m) => fieldHints(m, prefix))));
  for (const d of cmp.different) {
    if (out.length >= options.maxHints) return;
    const entry = name(d.path);
    out.push(...(await contentHints(d, entry, builds, options)));
    out.push(...once(d.metadata.flatMap((m) => fieldHints(m, entry))));
    const umask = umaskHint(d, entry, builds);
    if (umask !== null) out.push(...once([umask]));
    if (d.inner !== null && 'comparison' in d.inner) {
      await walk(d.inner.comparison, `${entry}${d.inner.format === 'gzip' ? ' :: gunzip' : ''}`, builds, options, out);
    }
  }
}

/** Names of each side an entry-order hint quotes, from the first position where the orders part. */
const ORDER_HINT_NAMES = 3;

/** The entries both archives hold, stored in another order: the packer read a folder listing unsorted. */
function orderHint(cmp: ArtifactComparison, archive: string): CauseHint | null {
  const o = cmp.order;
  if (o === null || (cmp.a.kind !== 'tar' && cmp.a.kind !== 'zip')) return null;
  return {
    variation: 'file order',
    entry: archive,
    field: ENTRY_ORDER_FIELD,
    offsetA: null,
    offsetB: null,
    a: orderExcerpt(o.a, o.position, ORDER_HINT_NAMES),
    b: orderExcerpt(o.b, o.position, ORDER_HINT_NAMES),
    remedy: PACKING_REMEDY[cmp.a.kind === 'tar' ? 'tar order' : 'zip order'],
  };
}

/** A differing archive header field whose cause is known: its time, owner or comment. */
function fieldHints(m: MetadataDifference, entry: string): CauseHint[] {
  const text = (v: string | number | null): string | null => (v === null ? null : String(v));
  const hint = (variation: Variation, remedy: PackingKey): CauseHint => ({
    variation,
    entry,
    field: m.field,
    offsetA: null,
    offsetB: null,
    a: text(m.a),
    b: text(m.b),
    remedy: PACKING_REMEDY[remedy],
  });
  const known = FIELD_CAUSE[m.field];
  if (known !== undefined) return [hint(known.variation, known.remedy)];
  const extra = extraFieldCause(m.field);
  return extra === undefined ? [] : [hint(extra, 'zip extra')];
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
  const [timeA, timeB] = timePair(a, b, builds);
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

/**
 * The times of `own` that the other side does not hold at the same place: of the build's clock when the gate knows
 * it, else (a side the gate did not build) every text that reads as a time by its form alone.
 */
function differingTimes(own: Buffer, other: Buffer, clock: BuildClock | null): FoundTime[] {
  const found = clock === null ? findStamps(own) : findTimes(own, clock);
  return found.filter(
    (t) => !other.subarray(t.offset, t.offset + t.length).equals(own.subarray(t.offset, t.offset + t.length)),
  );
}

/**
 * The time each side holds where the bytes differ, or nulls when no time explains the difference. A time of a
 * build's own clock is evidence alone (the other side's first differing time is shown beside it, when it has one). A
 * side the gate did not build shows a time only by its form, which a version or a build number can share: it counts
 * only beside a different time of the same form on the other side, as two builds stamping their own time write it.
 */
function timePair(a: Buffer, b: Buffer, builds: BuildDifferences): [FoundTime | null, FoundTime | null] {
  const timesA = differingTimes(a, b, builds.clockA);
  const timesB = differingTimes(b, a, builds.clockB);
  if (builds.clockA !== null && builds.clockB !== null) return [timesA[0] ?? null, timesB[0] ?? null];
  for (const x of timesA) {
    const y = timesB.find((t) => t.form === x.form && t.text !== x.text);
    if (y !== undefined) return [x, y];
  }
  if (builds.clockA !== null && timesA[0] !== undefined) return [timesA[0], timesB[0] ?? null];
  if (builds.clockB !== null && timesB[0] !== undefined) return [timesA[0] ?? null, timesB[0]];
  return [null, null];
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
