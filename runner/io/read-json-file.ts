/**
 * Reading a JSON file the user hands the runner (a report of an earlier run), fail closed: invalid UTF-8, a syntax
 * error and a duplicate key are refused with the byte offset where they are, never read the way JSON.parse would
 * (which keeps the last of two equal keys and turns bad bytes into U+FFFD).
 */
import { isUtf8 } from 'node:buffer';
import { readFileSync, statSync } from 'node:fs';
import { parseLenient } from '../../oracle/index.js';
import { UsageError } from './cli-io.js';

/** A refusal: what is wrong and at which byte. */
export interface JsonFileProblem {
  code: 'unreadable' | 'too-large' | 'invalid-utf8' | 'syntax' | 'duplicate-key';
  offset?: number;
  message: string;
}

/** Decodes JSON bytes strictly; the value, or the first problem found. */
export function decodeJsonStrict(
  bytes: Uint8Array,
): { ok: true; value: unknown } | { ok: false; problem: JsonFileProblem } {
  const bad = firstInvalidUtf8(bytes);
  if (bad !== undefined)
    return {
      ok: false,
      problem: { code: 'invalid-utf8', offset: bad, message: 'not UTF-8' },
    };
  const parsed = parseLenient(bytes);
  if (!parsed.ok) {
    const text = Buffer.from(bytes).toString('utf8');
    const at = syntaxErrorAt(text);
    // V8 counts UTF-16 units; the kit gives byte offsets everywhere.
    const offset = at === undefined ? undefined : Buffer.byteLength(text.slice(0, at));
    return {
      ok: false,
      problem:
        offset === undefined
          ? { code: 'syntax', message: 'not JSON' }
          : { code: 'syntax', offset, message: 'not JSON' },
    };
  }
  if (parsed.duplicateKeyAt !== undefined) {
    return {
      ok: false,
      problem: {
        code: 'duplicate-key',
        offset: parsed.duplicateKeyAt,
        message: 'a key repeats in one object',
      },
    };
  }
  return { ok: true, value: parsed.value };
}

/**
 * Reads and decodes `path` (at most `maxBytes`); any problem is a UsageError naming `what`, the file and the offset.
 */
export function readJsonFile(path: string, what: string, maxBytes: number): unknown {
  let bytes: Uint8Array;
  try {
    if (statSync(path).size > maxBytes) throw new UsageError(`${what} ${path}: larger than ${maxBytes} bytes`);
    bytes = new Uint8Array(readFileSync(path));
  } catch (err) {
    if (err instanceof UsageError) throw err;
    throw new UsageError(
      `cannot read ${what} ${path}: ${err instanceof Error ? err.message.split('\n', 1)[0] : String(err)}`,
    );
  }
  const decoded = decodeJsonStrict(bytes);
  if (!decoded.ok) {
    const p = decoded.problem;
    throw new UsageError(`${what} ${path}: ${p.message}${p.offset === undefined ? '' : ` (byte offset ${p.offset})`}`);
  }
  return decoded.value;
}

/** Texts longer than this get no syntax offset (finding it parses up to log2(length) prefixes). */
const MAX_LOCATED_TEXT = 16 * 1024 * 1024;

/**
 * Where JSON.parse stops on `text`, in UTF-16 units. V8 names the position in most messages but not in "Unexpected
 * token" ones; then the shortest prefix that is already wrong (an error other than running out of input) ends at the
 * bad character, and prefixes only get worse as they grow, so a binary search finds it.
 */
function syntaxErrorAt(text: string): number | undefined {
  const failure = (t: string): { position?: number; atEnd: boolean } | undefined => {
    try {
      JSON.parse(t);
      return undefined;
    } catch (err) {
      const message = err instanceof Error ? err.message : '';
      const m = /at position (\d+)/.exec(message);
      const position = m === null ? undefined : Number(m[1]);
      const atEnd = /Unexpected end of JSON input/.test(message) || position === t.length;
      return position === undefined ? { atEnd } : { position, atEnd };
    }
  };
  const whole = failure(text);
  if (whole === undefined) return undefined;
  if (whole.position !== undefined) return whole.position;
  if (whole.atEnd) return text.length;
  if (text.length > MAX_LOCATED_TEXT) return undefined;
  let lo = 1;
  let hi = text.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    const f = failure(text.slice(0, mid));
    if (f !== undefined && !f.atEnd) hi = mid;
    else lo = mid + 1;
  }
  return lo - 1;
}

/** The offset of the first byte of an ill-formed UTF-8 sequence, or undefined when the bytes are UTF-8. */
function firstInvalidUtf8(bytes: Uint8Array): number | undefined {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
  if (isUtf8(buf)) return undefined;
  // The lossy decoding re-encoded equals the input up to the first ill-formed sequence, which became U+FFFD
  // (EF BF BD); the first difference lies inside that replacement, whose first byte is where the sequence began.
  const again = Buffer.from(buf.toString('utf8'), 'utf8');
  let i = 0;
  while (i < buf.length && i < again.length && buf[i] === again[i]) i++;
  for (let j = i; j >= Math.max(0, i - 2); j--)
    if (again[j] === 0xef && again[j + 1] === 0xbf && again[j + 2] === 0xbd) return j;
  return i;
}
