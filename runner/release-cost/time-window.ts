/**
 * Timestamps of a build's own clock, found in artifact bytes, so the gate can say that the
 * time leaked into an artifact (cause-hints.ts; a differing time in an archive header is a
 * time difference whatever clock it came from, and needs no window). A window is the span a
 * build ran, in epoch seconds, widened by two seconds on each side (times are often written
 * rounded, DOS-style times to two seconds); a time zone lets local times be read as well as UTC ones, and a date
 * alone is of the window when its day overlaps it. Where no build of the gate made an artifact (two-artifact mode),
 * there is no clock: findStamps reads the same text forms as times by their shape alone.
 */

/** When one build ran, as the build saw its clock. */
export interface BuildClock {
  /** Epoch-second spans: the real clock, and the faked one when the clock was varied. */
  windows: { from: number; to: number }[];
  /** The build's TZ; local times in the artifact are read in it as well as in UTC. */
  tz: string;
}

/** A found timestamp: its offset, the text (or hex) that held it, and its form. */
export interface FoundTime {
  offset: number;
  length: number;
  text: string;
  form: StampForm;
}

const SLACK = 2;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** The clock of a build that ran from `startMs` to `endMs`, shifted by `offsetsSeconds` (one window each). */
export function buildClock(
  startMs: number,
  endMs: number,
  tz: string,
  offsetsSeconds: readonly number[] = [0],
): BuildClock {
  const from = Math.floor(startMs / 1000);
  const to = Math.ceil(endMs / 1000);
  return { windows: offsetsSeconds.map((o) => ({ from: from + o, to: to + o })), tz };
}

/** True when `epochSeconds` falls in one of the clock's windows. */
export function inWindow(clock: BuildClock, epochSeconds: number): boolean {
  return clock.windows.some((w) => epochSeconds >= w.from - SLACK && epochSeconds <= w.to + SLACK);
}

/** Seconds east of UTC of `tz` at an instant; null for a zone this runtime does not know. */
function zoneOffset(tz: string, epochSeconds: number): number | null {
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat('en-US', {
      timeZone: tz,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    }).formatToParts(new Date(epochSeconds * 1000));
  } catch {
    return null;
  }
  const get = (t: string): number => Number(parts.find((p) => p.type === t)?.value ?? 0);
  const local = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second')) / 1000;
  return local - epochSeconds;
}

/**
 * True when a wall-clock time without a zone (an ISO date without offset,
 * `date` output) is a time of the build's window read in UTC or in the build's time zone.
 */
export function localInWindow(
  clock: BuildClock,
  y: number,
  mo: number,
  d: number,
  h: number,
  mi: number,
  s: number,
): boolean {
  const naive = Date.UTC(y, mo - 1, d, h, mi, s) / 1000;
  if (!Number.isFinite(naive)) return false;
  if (inWindow(clock, naive)) return true;
  return clock.windows.some((w) => {
    const offset = zoneOffset(clock.tz, w.from);
    return offset !== null && naive >= w.from + offset - SLACK && naive <= w.to + offset + SLACK;
  });
}

/** The written forms of a time the gate reads in artifact bytes. */
export type StampForm =
  | 'epoch seconds'
  | 'epoch milliseconds'
  | 'ISO 8601 time'
  | 'ISO 8601 date'
  | 'Date text'
  | 'RFC 2822 time'
  | 'date(1) text'
  | '32-bit LE epoch';

/**
 * What a found text says: an instant (epoch seconds), a wall-clock time whose zone is not read (either reading of it
 * may hold), or a day alone (`date -u +%Y-%m-%d`).
 */
type Reading =
  | { kind: 'instant'; seconds: number }
  | { kind: 'wall'; y: number; mo: number; d: number; h: number; mi: number; s: number }
  | { kind: 'day'; y: number; mo: number; d: number };

type Pattern = { form: StampForm; re: RegExp; read: (m: RegExpExecArray) => Reading };

/**
 * The span in which a time found without a build's clock is taken for a time at all (two-artifact mode): from 1980,
 * the first year a DOS or zip time can hold, to 2100. Outside it a number or a date-like text is left alone.
 */
const PLAUSIBLE_FROM = Date.UTC(1980, 0, 1) / 1000;
const PLAUSIBLE_TO = Date.UTC(2100, 0, 1) / 1000;

const PATTERNS: readonly Pattern[] = (() => {
  const month = (name: string | undefined): number => MONTHS.indexOf(name ?? '') + 1;
  const n = (m: RegExpExecArray, i: number): number => Number(m[i]);
  const wall = (y: number, mo: number, d: number, h: number, mi: number, s: number): Reading => ({
    kind: 'wall',
    y,
    mo,
    d,
    h,
    mi,
    s,
  });
  return [
    // Epoch seconds and milliseconds as decimal text, not inside a longer number (`date +%s`).
    {
      form: 'epoch seconds',
      re: /(?<![0-9])([0-9]{10})(?![0-9])/g,
      read: (m) => ({ kind: 'instant', seconds: n(m, 1) }),
    },
    {
      form: 'epoch milliseconds',
      re: /(?<![0-9])([0-9]{13})(?![0-9])/g,
      read: (m) => ({ kind: 'instant', seconds: Math.floor(n(m, 1) / 1000) }),
    },
    // ISO 8601 / RFC 3339, with or without a zone (the zone is not read: either reading of it may hold).
    {
      form: 'ISO 8601 time',
      re: /(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2}):(\d{2})/g,
      read: (m) => wall(n(m, 1), n(m, 2), n(m, 3), n(m, 4), n(m, 5), n(m, 6)),
    },
    // An ISO 8601 date alone (`date -u +%Y-%m-%d`), not the date of a time the pattern above reads.
    {
      form: 'ISO 8601 date',
      re: /(?<![0-9])(\d{4})-(\d{2})-(\d{2})(?![0-9]|[T ]\d{2}:)/g,
      read: (m) => ({ kind: 'day', y: n(m, 1), mo: n(m, 2), d: n(m, 3) }),
    },
    // JavaScript Date#toString and RFC 2822 / Date#toUTCString (`date -R`).
    {
      form: 'Date text',
      re: /\b(?:[A-Z][a-z]{2} )?([A-Z][a-z]{2}) (\d{2}) (\d{4}) (\d{2}):(\d{2}):(\d{2})/g,
      read: (m) => wall(n(m, 3), month(m[1]), n(m, 2), n(m, 4), n(m, 5), n(m, 6)),
    },
    {
      form: 'RFC 2822 time',
      re: /\b(?:[A-Z][a-z]{2}, )?(\d{1,2}) ([A-Z][a-z]{2}) (\d{4}) (\d{2}):(\d{2}):(\d{2})/g,
      read: (m) => wall(n(m, 3), month(m[2]), n(m, 1), n(m, 4), n(m, 5), n(m, 6)),
    },
    // C asctime and date(1): "Tue Dec  1 20:05:23 UTC 2026".
    {
      form: 'date(1) text',
      re: /\b(?:[A-Z][a-z]{2} )?([A-Z][a-z]{2}) +(\d{1,2}) (\d{2}):(\d{2}):(\d{2}) (?:[A-Z+\-0-9]{1,6} )?(\d{4})/g,
      read: (m) => wall(n(m, 6), month(m[1]), n(m, 2), n(m, 3), n(m, 4), n(m, 5)),
    },
  ];
})();

/** Whether the fields name a real calendar day and time (Date.UTC would roll a 31 April over into May). */
function realDate(y: number, mo: number, d: number, h = 0, mi = 0, s = 0): boolean {
  if (mo < 1 || mo > 12 || d < 1 || h > 23 || mi > 59 || s > 60) return false;
  return d <= new Date(Date.UTC(y, mo, 0)).getUTCDate();
}

/** True when a day (read in UTC or in the build's time zone) overlaps one of the clock's windows. */
export function dayInWindow(clock: BuildClock, y: number, mo: number, d: number): boolean {
  const start = Date.UTC(y, mo - 1, d) / 1000;
  if (!Number.isFinite(start)) return false;
  const overlaps = (from: number, to: number): boolean =>
    clock.windows.some((w) => from <= w.to + SLACK && to >= w.from - SLACK);
  if (overlaps(start, start + 86_399)) return true;
  return clock.windows.some((w) => {
    const offset = zoneOffset(clock.tz, w.from);
    return offset !== null && overlaps(start - offset, start - offset + 86_399);
  });
}

/** Whether a reading is a time of the build's clock. */
function ofClock(clock: BuildClock, r: Reading): boolean {
  switch (r.kind) {
    case 'instant':
      return inWindow(clock, r.seconds);
    case 'wall':
      return realDate(r.y, r.mo, r.d, r.h, r.mi, r.s) && localInWindow(clock, r.y, r.mo, r.d, r.h, r.mi, r.s);
    case 'day':
      return realDate(r.y, r.mo, r.d) && dayInWindow(clock, r.y, r.mo, r.d);
  }
}

/** Whether a reading, with no clock to hold it against, is a real time between 1980 and 2100. */
function plausible(r: Reading): boolean {
  switch (r.kind) {
    case 'instant':
      return r.seconds >= PLAUSIBLE_FROM && r.seconds < PLAUSIBLE_TO;
    case 'wall':
    case 'day': {
      const h = r.kind === 'wall' ? [r.h, r.mi, r.s] : [];
      const start = Date.UTC(r.y, r.mo - 1, r.d) / 1000;
      return realDate(r.y, r.mo, r.d, ...h) && start >= PLAUSIBLE_FROM && start < PLAUSIBLE_TO;
    }
  }
}

/** The texts of `bytes` a pattern reads that `keep` accepts, in offset order, among the first `max`. */
function textStamps(bytes: Uint8Array, keep: (r: Reading) => boolean, max: number): FoundTime[] {
  const found: FoundTime[] = [];
  // latin1 keeps one character per byte, so a match index is a byte offset.
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString('latin1');
  for (const p of PATTERNS) {
    for (const m of text.matchAll(p.re)) {
      if (found.length >= max) break;
      if (keep(p.read(m as RegExpExecArray)))
        found.push({ offset: m.index, length: m[0].length, text: m[0], form: p.form });
    }
  }
  return found;
}

/**
 * Timestamps of the clock in `bytes`, in offset order, among the first `max`: decimal epoch
 * seconds and milliseconds, ISO 8601 times and dates, JavaScript, RFC 2822 and date(1) text, and a
 * little-endian 32-bit epoch-seconds field (as gzip MTIME and many binary headers store it).
 */
export function findTimes(bytes: Uint8Array, clock: BuildClock, max = 64): FoundTime[] {
  const found = textStamps(bytes, (r) => ofClock(clock, r), max);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.length);
  for (let i = 0; i + 4 <= bytes.length && found.length < max; i++) {
    const v = view.getUint32(i, true);
    if (v > 0 && inWindow(clock, v)) {
      found.push({
        offset: i,
        length: 4,
        text: `0x${Buffer.from(bytes.subarray(i, i + 4)).toString('hex')} (LE ${v})`,
        form: '32-bit LE epoch',
      });
      i += 3;
    }
  }
  return found.sort((a, b) => a.offset - b.offset);
}

/**
 * Time stamps in `bytes` found by their form alone, for a side no build of the gate made (two-artifact mode, where
 * no clock is known): the text forms of findTimes that read as a real time between 1980 and 2100, in offset order,
 * among the first `max`. A binary field is not taken: any four bytes read as some time, so only a clock can tell.
 */
export function findStamps(bytes: Uint8Array, max = 64): FoundTime[] {
  return textStamps(bytes, plausible, max).sort((a, b) => a.offset - b.offset);
}
