/**
 * Timestamps of a build's own clock, found in artifact bytes, so the gate can say that the
 * time leaked into an artifact (cause-hints.ts; a differing time in an archive header is a
 * time difference whatever clock it came from, and needs no window). A window is the span a
 * build ran, in epoch seconds, widened by two seconds on each side (times are often written
 * rounded, DOS-style times to two seconds); a time zone lets local times be read as well as UTC ones.
 */

/** When one build ran, as the build saw its clock. */
export interface BuildClock {
  /** Epoch-second spans: the real clock, and the faked one when the clock was varied. */
  windows: { from: number; to: number }[];
  /** The build's TZ; local times in the artifact are read in it as well as in UTC. */
  tz: string;
}

/** A found timestamp: its offset and the text (or hex) that held it. */
export interface FoundTime {
  offset: number;
  length: number;
  text: string;
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

type Pattern = { re: RegExp; read: (m: RegExpExecArray) => boolean };

function patterns(clock: BuildClock): Pattern[] {
  const month = (name: string | undefined): number => MONTHS.indexOf(name ?? '') + 1;
  const n = (m: RegExpExecArray, i: number): number => Number(m[i]);
  return [
    // Epoch seconds and milliseconds as decimal text, not inside a longer number.
    { re: /(?<![0-9])([0-9]{10})(?![0-9])/g, read: (m) => inWindow(clock, n(m, 1)) },
    { re: /(?<![0-9])([0-9]{13})(?![0-9])/g, read: (m) => inWindow(clock, Math.floor(n(m, 1) / 1000)) },
    // ISO 8601 / RFC 3339, with or without a zone (the zone is not read: either reading of it may hold).
    {
      re: /(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2}):(\d{2})/g,
      read: (m) => localInWindow(clock, n(m, 1), n(m, 2), n(m, 3), n(m, 4), n(m, 5), n(m, 6)),
    },
    // JavaScript Date#toString and RFC 2822 / Date#toUTCString.
    {
      re: /\b(?:[A-Z][a-z]{2} )?([A-Z][a-z]{2}) (\d{2}) (\d{4}) (\d{2}):(\d{2}):(\d{2})/g,
      read: (m) => localInWindow(clock, n(m, 3), month(m[1]), n(m, 2), n(m, 4), n(m, 5), n(m, 6)),
    },
    {
      re: /\b(?:[A-Z][a-z]{2}, )?(\d{1,2}) ([A-Z][a-z]{2}) (\d{4}) (\d{2}):(\d{2}):(\d{2})/g,
      read: (m) => localInWindow(clock, n(m, 3), month(m[2]), n(m, 1), n(m, 4), n(m, 5), n(m, 6)),
    },
    // C asctime and date(1): "Tue Dec  1 20:05:23 UTC 2026".
    {
      re: /\b(?:[A-Z][a-z]{2} )?([A-Z][a-z]{2}) +(\d{1,2}) (\d{2}):(\d{2}):(\d{2}) (?:[A-Z+\-0-9]{1,6} )?(\d{4})/g,
      read: (m) => localInWindow(clock, n(m, 6), month(m[1]), n(m, 2), n(m, 3), n(m, 4), n(m, 5)),
    },
  ];
}

/**
 * Timestamps of the clock in `bytes`, in offset order, among the first `max`: decimal epoch
 * seconds and milliseconds, ISO 8601, JavaScript, RFC 2822 and asctime dates, and a
 * little-endian 32-bit epoch-seconds field (as gzip MTIME and many binary headers store it).
 */
export function findTimes(bytes: Uint8Array, clock: BuildClock, max = 64): FoundTime[] {
  const found: FoundTime[] = [];
  // latin1 keeps one character per byte, so a match index is a byte offset.
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString('latin1');
  for (const p of patterns(clock)) {
    for (const m of text.matchAll(p.re)) {
      if (found.length >= max) break;
      if (p.read(m as RegExpExecArray)) found.push({ offset: m.index, length: m[0].length, text: m[0] });
    }
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.length);
  for (let i = 0; i + 4 <= bytes.length && found.length < max; i++) {
    const v = view.getUint32(i, true);
    if (v > 0 && inWindow(clock, v)) {
      found.push({
        offset: i,
        length: 4,
        text: `0x${Buffer.from(bytes.subarray(i, i + 4)).toString('hex')} (LE ${v})`,
      });
      i += 3;
    }
  }
  return found.sort((a, b) => a.offset - b.offset);
}
