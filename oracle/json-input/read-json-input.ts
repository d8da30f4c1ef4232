/**
 * The one reader of the kit's own JSON inputs (provider configurations, expectations, build configurations,
 * manifests, shard reports, vector and fixture files), read fail-closed as the contract family reads its
 * records (KD-CANON-07): invalid UTF-8, a byte order mark, a syntax error and a duplicate key are refused
 * with the byte offset (and, for a duplicate, its JSON pointer) before any value is built, so no last key
 * silently wins. Unlike the canonical decoder, any JSON layout is accepted. The syntax and the object keys are
 * read by jsonc-parser (comments and trailing commas refused), the value by JSON.parse.
 */
import { isUtf8 } from 'node:buffer';
import { readFileSync, statSync } from 'node:fs';
import * as jsoncModule from 'jsonc-parser';
import { childPointer } from '../violation.js';

/**
 * jsonc-parser ships a UMD module: loaded as ES module (the kit's own runs) its functions hang off the default export,
 * loaded as CommonJS (a test runner that compiles to CommonJS, as StrykerJS's mocha runner does) off the module itself.
 */
const jsonc = (jsoncModule as unknown as { default?: typeof jsoncModule }).default ?? jsoncModule;

/** Why a JSON input was refused: a stable code, the byte offset, the JSON pointer when there is one. */
export interface JsonInputProblem {
  code: 'read' | 'too-large' | 'utf8' | 'bom' | 'syntax' | 'duplicate-key' | 'too-deep';
  /** Byte offset in the input (0 for `read` and `too-large`). */
  offset: number;
  pointer?: string;
  message: string;
}

export type JsonInput = { ok: true; value: unknown } | { ok: false; problem: JsonInputProblem };

/** Bounds of a kit input: far above any real configuration, far below what would exhaust the runner. */
export interface JsonInputLimits {
  maxBytes?: number;
  maxDepth?: number;
}

const DEFAULT_MAX_BYTES = 64 * 1024 * 1024;
const DEFAULT_MAX_DEPTH = 128;

/**
 * From this many bytes on, a text has its keys and depth checked on a skeleton first (see `acceptedBySkeleton`):
 * jsonc-parser builds every string value it scans by appending piece after piece, so a 4 MiB string with 400,000
 * escapes (a vector's expected result) costs tens of MiB of short-lived rope.
 */
const SKELETON_SCAN_BYTES = 64 * 1024;

/** A string value with more bytes than this between its quotes stands in the skeleton as SKELETON_PLACEHOLDER. */
const SKELETON_STRING_BYTES = 256;
const SKELETON_PLACEHOLDER = Buffer.from('"<long string>"', 'utf8');

/** Parses bytes as one JSON value, fail-closed. */
export function parseJsonInput(bytes: Uint8Array, limits: JsonInputLimits = {}): JsonInput {
  const maxBytes = limits.maxBytes ?? DEFAULT_MAX_BYTES;
  const maxDepth = limits.maxDepth ?? DEFAULT_MAX_DEPTH;
  if (bytes.length > maxBytes)
    return refuse('too-large', 0, `${bytes.length} bytes, more than the ${maxBytes} allowed`);
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf)
    return refuse('bom', 0, 'starts with a byte order mark');
  if (bytes.length >= SKELETON_SCAN_BYTES && isUtf8(bytes)) {
    const accepted = acceptedBySkeleton(bytes, maxDepth);
    if (accepted !== undefined) return accepted;
  }
  let text: string;
  try {
    text = decodeUtf8(bytes);
  } catch {
    return refuse('utf8', firstInvalidUtf8(bytes), 'invalid UTF-8');
  }
  return parseText(text, maxDepth);
}

function decodeUtf8(bytes: Uint8Array): string {
  return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
}

/**
 * A large text, accepted without the cost of its long strings, or undefined to read it as every other text is (which
 * then tells its first problem). Only a text JSON.parse accepts is accepted, and in such a text every string token
 * is a string: its skeleton (see `skeletonOf`) has the same objects, arrays and depth and every key as it is
 * spelled, only long string values replaced, so jsonc-parser finds on the skeleton every duplicate key and every
 * nesting too deep without scanning a long value. The skeleton is garbage before the text
 * is decoded for JSON.parse, so a large input is held no more than about three times at once (bytes, text, value).
 */
function acceptedBySkeleton(bytes: Uint8Array, maxDepth: number): JsonInput | undefined {
  if (!keysAndDepthAccepted(skeletonOf(bytes).toString('utf8'), maxDepth)) return undefined;
  try {
    return { ok: true, value: JSON.parse(decodeUtf8(bytes)) as unknown };
  } catch {
    return undefined;
  }
}

/**
 * The bytes with every string value (never a key) longer than SKELETON_STRING_BYTES replaced by
 * SKELETON_PLACEHOLDER. A string token runs from a quote to the next quote that no backslash escapes (a backslash
 * escapes the byte after it). Both searches only move forward, so a text is read once however many escapes it has.
 * An unterminated string is kept.
 */
function skeletonOf(bytes: Uint8Array): Buffer {
  const src = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
  let quote = -1;
  let slash = -1;
  // The first quote (backslash) at or after `from`; the last one found is reused while it is not behind `from`.
  const quoteFrom = (from: number): number =>
    quote !== -1 && quote < from ? (quote = src.indexOf(0x22, from)) : quote;
  const slashFrom = (from: number): number =>
    slash !== -1 && slash < from ? (slash = src.indexOf(0x5c, from)) : slash;
  quote = src.indexOf(0x22);
  slash = src.indexOf(0x5c);
  const pieces: Uint8Array[] = [];
  let copied = 0;
  for (let open = quoteFrom(0); open !== -1;) {
    let close = -1;
    for (let at = open + 1; ;) {
      const q = quoteFrom(at);
      const b = slashFrom(at);
      if (q === -1 || b === -1 || q < b) {
        close = q;
        break;
      }
      at = b + 2;
    }
    if (close === -1) break;
    if (close - open - 1 > SKELETON_STRING_BYTES && !isKeyToken(src, close)) {
      pieces.push(src.subarray(copied, open), SKELETON_PLACEHOLDER);
      copied = close + 1;
    }
    open = quoteFrom(close + 1);
  }
  pieces.push(src.subarray(copied));
  return Buffer.concat(pieces);
}

/**
 * Whether the string token closing at `close` is an object key (the next byte that is not JSON whitespace is `:`).
 * Keys are never replaced: one key can be spelled short and, with escapes, long (`"a"` and `"\u0061"`), and only
 * their decoded values tell that they are the same key.
 */
function isKeyToken(src: Buffer, close: number): boolean {
  let at = close + 1;
  while (at < src.length && (src[at] === 0x20 || src[at] === 0x09 || src[at] === 0x0a || src[at] === 0x0d)) at += 1;
  return src[at] === 0x3a;
}

/** Whether jsonc-parser finds in `text` no error, no duplicate key and no nesting deeper than maxDepth. */
function keysAndDepthAccepted(text: string, maxDepth: number): boolean {
  const keys: Set<string>[] = [];
  let depth = 0;
  let refused = false;
  const enter = (): void => {
    depth += 1;
    if (depth > maxDepth) refused = true;
  };
  try {
    jsonc.visit(
      text,
      {
        onObjectBegin: () => {
          enter();
          keys.push(new Set());
        },
        onObjectEnd: () => {
          depth -= 1;
          keys.pop();
        },
        onArrayBegin: enter,
        onArrayEnd: () => {
          depth -= 1;
        },
        onObjectProperty: (property) => {
          const seen = keys[keys.length - 1];
          if (seen === undefined || seen.has(property)) refused = true;
          else seen.add(property);
        },
        onError: () => {
          refused = true;
        },
      },
      { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false },
    );
  } catch (err) {
    if (!(err instanceof RangeError)) throw err;
    return false;
  }
  return !refused;
}

/** Parses a decoded text, fail-closed: the first problem jsonc-parser reports, else JSON.parse's value. */
function parseText(text: string, maxDepth: number): JsonInput {
  const byteOffset = (index: number): number => Buffer.byteLength(text.slice(0, index), 'utf8');
  let problem: JsonInputProblem | undefined;
  const keys: Set<string>[] = [];
  let depth = 0;
  const enter = (offset: number): void => {
    depth += 1;
    if (depth > maxDepth && problem === undefined)
      problem = refuse('too-deep', byteOffset(offset), `nested deeper than ${maxDepth}`).problem;
  };
  const pointerOf = (path: readonly (string | number)[]): string =>
    path.reduce<string>((p, seg) => childPointer(p, seg), '');
  try {
    jsonc.visit(
      text,
      {
        onObjectBegin: (offset) => {
          enter(offset);
          keys.push(new Set());
        },
        onObjectEnd: () => {
          depth -= 1;
          keys.pop();
        },
        onArrayBegin: (offset) => enter(offset),
        onArrayEnd: () => {
          depth -= 1;
        },
        onObjectProperty: (property, offset, _length, _line, _column, path) => {
          const seen = keys[keys.length - 1];
          if (seen === undefined || problem !== undefined) return;
          if (seen.has(property)) {
            const pointer = childPointer(pointerOf(path()), property);
            problem = {
              code: 'duplicate-key',
              offset: byteOffset(offset),
              pointer,
              message: `duplicate key ${JSON.stringify(property)}`,
            };
          }
          seen.add(property);
        },
        onError: (error, offset) => {
          if (problem === undefined)
            problem = refuse(
              'syntax',
              byteOffset(offset),
              `syntax error (${jsonc.printParseErrorCode(error)})`,
            ).problem;
        },
      },
      { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false },
    );
  } catch (err) {
    if (!(err instanceof RangeError)) throw err;
    return problem !== undefined ? { ok: false, problem } : refuse('too-deep', 0, 'nested too deeply');
  }
  if (problem !== undefined) return { ok: false, problem };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (err) {
    // jsonc-parser accepts a little JSON.parse does not (a raw control character in a string, for one).
    const at = /position (\d+)/.exec(err instanceof Error ? err.message : '');
    return refuse('syntax', at?.[1] === undefined ? 0 : byteOffset(Number(at[1])), 'not JSON');
  }
}

/** Reads a file and parses it as `parseJsonInput` does; a file over the size bound is not read. */
export function readJsonInputFile(path: string, limits: JsonInputLimits = {}): JsonInput {
  const maxBytes = limits.maxBytes ?? DEFAULT_MAX_BYTES;
  let bytes: Buffer;
  try {
    const size = statSync(path).size;
    if (size > maxBytes) return refuse('too-large', 0, `${size} bytes, more than the ${maxBytes} allowed`);
    bytes = readFileSync(path);
  } catch (err) {
    const code =
      err !== null && typeof err === 'object' && 'code' in err ? String((err as { code: unknown }).code) : 'error';
    return refuse('read', 0, `cannot be read (${code})`);
  }
  return parseJsonInput(bytes, limits);
}

/** One line for a refusal: `byte 12, /a/b: duplicate key "b"`. */
export function formatJsonInputProblem(problem: JsonInputProblem): string {
  if (problem.code === 'read' || problem.code === 'too-large') return problem.message;
  const pointer = problem.pointer === undefined ? '' : `, ${problem.pointer === '' ? '/' : problem.pointer}`;
  return `byte ${problem.offset}${pointer}: ${problem.message}`;
}

function refuse(
  code: JsonInputProblem['code'],
  offset: number,
  message: string,
): { ok: false; problem: JsonInputProblem } {
  return { ok: false, problem: { code, offset, message } };
}

/**
 * The offset of the first byte that cannot start or continue a UTF-8 sequence: the shortest prefix that a
 * streaming fatal decoder (which holds back an incomplete tail) refuses ends just after it, and refusal of a
 * prefix is monotone, so a binary search finds it. Only called once decoding failed.
 */
function firstInvalidUtf8(bytes: Uint8Array): number {
  const refuses = (length: number): boolean => {
    try {
      new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes.subarray(0, length), {
        stream: length < bytes.length,
      });
      return false;
    } catch {
      return true;
    }
  };
  let lo = 1;
  let hi = bytes.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (refuses(mid)) hi = mid;
    else lo = mid + 1;
  }
  return lo - 1;
}
