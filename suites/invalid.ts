/**
 * invalid: every rejection rule of the canonical codec and of the request schema,
 * each alone, as raw request bytes (the bytes are the point), plus layout-only
 * deviations where lenient parsing is ACCEPTABLE (OQ-03 reading B, alternative
 * `lenient-layout`), and the position checks of a current request (OQ-10 A).
 * Every request is otherwise a current request on the List[Text] world, so the
 * one deviation is the only reason to reject.
 */
import { encodeCanonicalText } from '../oracle/canonical-json/encode-canonical.js';
import type { JsonObject, JsonValue } from '../oracle/canonical-json/json-value.js';
import type { FixtureV1 } from '../oracle/fixture/fixture.js';
import type { DiscoveryRequestV1 } from '../oracle/records/discovery-records.js';
import type { QueryCase } from './case-definition.js';
import { listTextWorld } from './fixtures/list-text-world.js';
import { requestFor } from './fixtures/request-for.js';
import { ownWorld } from './fixtures/own-world.js';
import { variant } from '../oracle/fixture/fixture-builder.js';
import { multilineWorld } from './fixtures/multiline-world.js';
import { utf8World } from './fixtures/utf8-world.js';
import { bytesCase, EXPECT, recordCase, RESULT_SHAPE_CLAUSES } from './query-case.js';

const INVALID = [...RESULT_SHAPE_CLAUSES, 'KD-RES-14', 'KD-RES-15', 'KD-LOOKUP-05', 'KD-CANON-17'];
const OQ = ['OQ-02', 'OQ-03', 'OQ-12', 'OQ-16', 'OQ-17', 'KIT-01'];

const utf8 = new TextEncoder();

/** Replaces the one occurrence of `needle` in `text`; a missing or repeated needle is a suite fault. */
export function replaceOnce(text: string, needle: string, replacement: string): string {
  const at = text.indexOf(needle);
  if (at < 0 || text.indexOf(needle, at + 1) >= 0)
    throw new Error(`replaceOnce: ${JSON.stringify(needle)} must occur exactly once`);
  return text.slice(0, at) + replacement + text.slice(at + needle.length);
}

/** UTF-8 bytes of text parts and raw byte arrays, concatenated. */
function bytes(...parts: (string | number[])[]): Uint8Array {
  return new Uint8Array(
    Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(utf8.encode(p)) : Buffer.from(p)))),
  );
}

/** A JSON copy of a request record that can be changed freely. */
function asJson(record: DiscoveryRequestV1): JsonObject {
  return JSON.parse(JSON.stringify(record)) as JsonObject;
}

function obj(value: JsonValue | undefined): JsonObject {
  if (value === null || value === undefined || typeof value !== 'object' || Array.isArray(value))
    throw new Error('expected an object');
  return value;
}

/** JSON text with sorted keys and a chosen layout (for layout-only deviations). */
function layout(value: JsonValue, indentUnit: string, colon: string, newline: string, depth = 0): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  const inner = indentUnit.repeat(depth + 1);
  const close = indentUnit.repeat(depth);
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    const items = value.map((v) => inner + layout(v, indentUnit, colon, newline, depth + 1));
    return `[${newline}${items.join(`,${newline}`)}${newline}${close}]`;
  }
  const keys = Object.keys(value).sort();
  if (keys.length === 0) return '{}';
  const members = keys.map(
    (k) =>
      `${inner}${JSON.stringify(k)}${colon}${layout(value[k] as JsonValue, indentUnit, colon, newline, depth + 1)}`,
  );
  return `{${newline}${members.join(`,${newline}`)}${newline}${close}}`;
}

/** The current requests on the List[Text] world that every raw and schema case changes in one place. */
interface CurrentRequest {
  fixture: FixtureV1;
  /** The general query. */
  request: DiscoveryRequestV1;
  /** An explanation of `length`. */
  explain: DiscoveryRequestV1;
  /** The canonical text of each. */
  text: string;
  explainText: string;
  /** The member that carries the generation, as the canonical text spells it. */
  generationLine: string;
}

/** The general query and the explanation of `length` on the List[Text] world, with their canonical text. */
function currentRequest(): CurrentRequest {
  const fixture = listTextWorld();
  const request = requestFor(fixture);
  const explain = requestFor(fixture, { kind: 'explain-operation', spelling: 'length' });
  const text = encodeCanonicalText(asJson(request));
  const explainText = encodeCanonicalText(asJson(explain));
  const generationLine = `"generation": ${request.analysis.generation}`;
  return { fixture, request, explain, text, explainText, generationLine };
}

/** A codec or schema rejection of `data`: invalid, reason invalid-request (L192; OQ-02 A, OQ-03 A). */
function rawCase(
  current: CurrentRequest,
  slug: string,
  intent: string,
  data: Uint8Array,
  clauses: string[],
  interpretations: string[] = [],
): QueryCase {
  return bytesCase(
    {
      id: `invalid/${slug}`,
      intent,
      clauses: [...INVALID, ...clauses],
      interpretations: [...OQ, ...interpretations],
      fixture: current.fixture,
      expect: EXPECT.invalidRequest,
    },
    data,
    intent,
  );
}

/** A schema rejection: the canonical encoding of `base` (the general query unless given) after `change`. */
function schemaCase(
  current: CurrentRequest,
  slug: string,
  intent: string,
  change: (r: JsonObject) => void,
  clauses: string[],
  interpretations: string[] = [],
  base: DiscoveryRequestV1 = current.request,
): QueryCase {
  const json = asJson(base);
  change(json);
  return rawCase(
    current,
    slug,
    intent,
    utf8.encode(encodeCanonicalText(json)),
    ['KD-CANON-16', ...clauses],
    interpretations,
  );
}

/** A current request whose position breaks L132: invalid, reason invalid-position (OQ-10 A). */
function positionCase(
  current: CurrentRequest,
  slug: string,
  intent: string,
  record: DiscoveryRequestV1,
  clauses: string[],
  fixture: FixtureV1 = current.fixture,
  interpretations: string[] = [],
): QueryCase {
  return recordCase(
    {
      id: `invalid/${slug}`,
      intent,
      clauses: [...INVALID, ...clauses],
      interpretations: ['OQ-10', 'OQ-11', 'OQ-12', 'OQ-17', 'OQ-39', 'KIT-01', ...interpretations],
      fixture,
      expect: EXPECT.invalidPosition,
    },
    record,
  );
}

/** The invalid cases, in their published order. */
export function invalidCases(): QueryCase[] {
  const current = currentRequest();
  return [
    ...framingCases(current),
    ...numberAndLiteralCases(current),
    ...escapeAndControlCharacterCases(current),
    ...utf8SequenceCases(current),
    ...duplicateKeyCases(current),
    ...keyOrderAndLayoutCases(current),
    ...topLevelAndSizeCases(current),
    ...recordShapeCases(current),
    ...scalarTypeCases(current),
    ...spellingCases(current),
    ...byteCapCases(current),
    ...spanCases(current),
    ...lenientIntegerSpellingCases(current),
    ...emptySpellingForGeneralQueryCases(current),
    semanticCompatibilityNotNfcCase(),
    ...positionInSourceCases(current),
    ...positionOffCodePointCases(current),
  ];
}

/** A byte order mark, the final LF, line ends, comments and trailing data (KD-CANON-01..03). */
function framingCases(current: CurrentRequest): QueryCase[] {
  const { request, text, generationLine } = current;
  return [
    rawCase(
      current,
      'utf8-bom',
      'A UTF-8 byte order mark before the object rejects.',
      bytes([0xef, 0xbb, 0xbf], text),
      ['KD-CANON-01'],
    ),
    rawCase(
      current,
      'missing-final-lf',
      'The object without its one final LF rejects.',
      utf8.encode(text.slice(0, -1)),
      ['KD-CANON-02'],
    ),
    rawCase(current, 'extra-final-lf', 'A second LF after the object rejects.', utf8.encode(`${text}\n`), [
      'KD-CANON-02',
    ]),
    rawCase(
      current,
      'crlf-line-ends',
      'CRLF line ends instead of LF reject.',
      utf8.encode(text.replace(/\n/g, '\r\n')),
      ['KD-CANON-02', 'KD-CANON-13'],
    ),
    rawCase(
      current,
      'line-comment',
      'A // comment line rejects.',
      utf8.encode(replaceOnce(text, '{\n  "analysis"', '{\n  // current analysis\n  "analysis"')),
      ['KD-CANON-03'],
    ),
    rawCase(
      current,
      'block-comment',
      'A /* */ comment before a value rejects.',
      utf8.encode(replaceOnce(text, generationLine, `"generation": /* document */ ${request.analysis.generation}`)),
      ['KD-CANON-03'],
    ),
    rawCase(
      current,
      'trailing-second-object',
      'A second object after the first object and its LF rejects (trailing data).',
      utf8.encode(`${text}{}\n`),
      ['KD-CANON-02', 'KD-CANON-03'],
    ),
    rawCase(
      current,
      'trailing-garbage',
      'Non-JSON bytes after the object and its LF reject.',
      utf8.encode(`${text}x`),
      ['KD-CANON-03'],
    ),
  ];
}

/** Integers with a fraction, exponent, sign or leading zero, or out of range; a literal False (KD-CANON-03, -10). */
function numberAndLiteralCases(current: CurrentRequest): QueryCase[] {
  const { request, text, generationLine } = current;
  return [
    rawCase(
      current,
      'float-value',
      'An integer spelled with a fraction (17.0) rejects.',
      utf8.encode(replaceOnce(text, generationLine, `"generation": ${request.analysis.generation}.0`)),
      ['KD-CANON-03', 'KD-SCALAR-03'],
    ),
    rawCase(
      current,
      'exponent-value',
      'An integer spelled with an exponent (17e0) rejects.',
      utf8.encode(replaceOnce(text, generationLine, `"generation": ${request.analysis.generation}e0`)),
      ['KD-CANON-03'],
    ),
    rawCase(
      current,
      'sign-minus-zero',
      'Negative zero (-0) rejects: no sign.',
      utf8.encode(replaceOnce(text, generationLine, '"generation": -0')),
      ['KD-CANON-10', 'KD-SCALAR-03'],
    ),
    rawCase(
      current,
      'sign-negative',
      'A negative byte offset rejects.',
      utf8.encode(replaceOnce(text, `"byte_offset": ${request.position.byte_offset}`, '"byte_offset": -1')),
      ['KD-CANON-10', 'KD-SCALAR-02'],
    ),
    rawCase(
      current,
      'sign-plus',
      'A plus sign before an integer rejects.',
      utf8.encode(replaceOnce(text, generationLine, `"generation": +${request.analysis.generation}`)),
      ['KD-CANON-10'],
    ),
    rawCase(
      current,
      'leading-zero',
      'An integer with a leading zero (017) rejects.',
      utf8.encode(replaceOnce(text, generationLine, `"generation": 0${request.analysis.generation}`)),
      ['KD-CANON-10'],
    ),
    rawCase(
      current,
      'u32-out-of-range',
      'A byte offset of 4294967296, one past the U32 range, rejects.',
      utf8.encode(replaceOnce(text, `"byte_offset": ${request.position.byte_offset}`, '"byte_offset": 4294967296')),
      ['KD-SCALAR-02'],
    ),
    rawCase(
      current,
      'u53-out-of-range',
      'A generation of 9007199254740992, one past the U53 range, rejects.',
      utf8.encode(replaceOnce(text, generationLine, '"generation": 9007199254740992')),
      ['KD-SCALAR-03'],
    ),
  ];
}

/** Escapes other than `\"` and `\\`, control characters and non-NFC text in strings (KD-CANON-08, KD-CANON-09). */
function escapeAndControlCharacterCases(current: CurrentRequest): QueryCase[] {
  const { text, explainText } = current;
  return [
    rawCase(
      current,
      'literal-wrong-case',
      'False spelled with a capital letter rejects.',
      utf8.encode(replaceOnce(text, '"include_unavailable": false', '"include_unavailable": False')),
      ['KD-CANON-10'],
    ),
    rawCase(
      current,
      'unicode-escape',
      'A \\u escape of a permitted character rejects: only \\" and \\\\ are escapes.',
      utf8.encode(replaceOnce(text, '"stage2-v1"', '"\\u0073tage2-v1"')),
      ['KD-CANON-09'],
    ),
    rawCase(
      current,
      'solidus-escape',
      'A \\/ escape rejects.',
      utf8.encode(replaceOnce(text, 'request/v1', 'request\\/v1')),
      ['KD-CANON-09'],
    ),
    rawCase(
      current,
      'newline-escape',
      'A \\n escape in a spelling rejects (an escape and a control character).',
      utf8.encode(replaceOnce(explainText, '"length"', '"len\\ngth"')),
      ['KD-CANON-09', 'KD-CANON-08', 'KD-SCALAR-09'],
    ),
    rawCase(
      current,
      'raw-control-character',
      'A raw U+0001 inside a spelling rejects.',
      bytes(replaceOnce(explainText, '"length"', '"len\u0001gth"')),
      ['KD-CANON-08', 'KD-SCALAR-09'],
      ['OQ-37'],
    ),
    rawCase(
      current,
      'raw-tab-in-string',
      'A raw TAB inside a string rejects.',
      bytes(replaceOnce(explainText, '"length"', '"len\tgth"')),
      ['KD-CANON-08', 'KD-SCALAR-09'],
      ['OQ-37'],
    ),
    rawCase(
      current,
      'c1-control-character',
      'A raw U+0085 (a C1 control, Unicode Cc) inside a spelling rejects.',
      bytes(replaceOnce(explainText, '"length"', '"len\u0085gth"')),
      ['KD-CANON-08', 'KD-SCALAR-09'],
      ['OQ-37'],
    ),
    rawCase(
      current,
      'delete-control-character',
      'A raw U+007F inside a spelling rejects.',
      bytes(replaceOnce(explainText, '"length"', '"len\u007fgth"')),
      ['KD-CANON-08', 'KD-SCALAR-09'],
      ['OQ-37'],
    ),
    rawCase(
      current,
      'non-nfc-string',
      'A spelling in decomposed form (e + U+0301) rejects: strings must be NFC and are never normalized.',
      bytes(replaceOnce(explainText, '"length"', '"caf\u0065\u0301"')),
      ['KD-CANON-08', 'KD-SCALAR-09'],
      ['OQ-37'],
    ),
  ];
}

/** Ill-formed UTF-8 inside a string: overlong, surrogate, truncated, lone continuation (KD-CANON-01). */
function utf8SequenceCases(current: CurrentRequest): QueryCase[] {
  const { explainText } = current;
  const [beforeLength, afterLength] = explainText.split('"length"') as [string, string];
  return [
    rawCase(
      current,
      'overlong-utf8',
      'An overlong UTF-8 sequence (C0 AF) inside a string rejects.',
      bytes(beforeLength, '"len', [0xc0, 0xaf], 'gth"', afterLength),
      ['KD-CANON-01'],
    ),
    rawCase(
      current,
      'encoded-surrogate',
      'A UTF-8 encoded surrogate (ED A0 80) inside a string rejects.',
      bytes(beforeLength, '"len', [0xed, 0xa0, 0x80], 'gth"', afterLength),
      ['KD-CANON-01'],
    ),
    rawCase(
      current,
      'truncated-utf8',
      'A three-byte UTF-8 sequence cut after two bytes, before the closing quote, rejects.',
      bytes(beforeLength, '"length', [0xe2, 0x82], '"', afterLength),
      ['KD-CANON-01'],
    ),
    rawCase(
      current,
      'lone-continuation-byte',
      'A lone UTF-8 continuation byte (80) inside a string rejects.',
      bytes(beforeLength, '"len', [0x80], 'gth"', afterLength),
      ['KD-CANON-01'],
    ),
  ];
}

/** A key repeated at the top level or nested, rejected before any conversion to a map (KD-CANON-07). */
function duplicateKeyCases(current: CurrentRequest): QueryCase[] {
  const { text, generationLine } = current;
  return [
    rawCase(
      current,
      'duplicate-key',
      'The schema key twice rejects, before any conversion to a map.',
      utf8.encode(
        replaceOnce(
          text,
          '  "schema": "kofun.discovery.request/v1"\n',
          '  "schema": "kofun.discovery.request/v1",\n  "schema": "kofun.discovery.request/v1"\n',
        ),
      ),
      ['KD-CANON-07'],
    ),
    rawCase(
      current,
      'duplicate-nested-key',
      'A nested key repeated with the same value rejects.',
      utf8.encode(replaceOnce(text, `    ${generationLine},\n`, `    ${generationLine},\n    ${generationLine},\n`)),
      ['KD-CANON-07'],
    ),
  ];
}

/** Layout-only deviations: strict invalid, lenient answer ACCEPTABLE (OQ-03; KD-CANON-05, KD-CANON-12, KD-CANON-13). */
function keyOrderAndLayoutCases(current: CurrentRequest): QueryCase[] {
  const { request, text } = current;
  const json = asJson(request);
  const queryBlock =
    `  "query": {\n    "include_unavailable": false,\n    "kind": ` +
    `"type-and-operations",\n    "spelling": null\n  },\n`;
  const positionStart = text.indexOf('  "position": {');
  const queryStart = text.indexOf('  "query": {');
  const positionBlock = text.slice(positionStart, queryStart);
  if (text.slice(queryStart, queryStart + queryBlock.length) !== queryBlock)
    throw new Error('invalid suite: unexpected canonical query block');
  const reordered =
    text.slice(0, positionStart) + queryBlock + positionBlock + text.slice(queryStart + queryBlock.length);
  return [
    rawCase(
      current,
      'key-out-of-order',
      'The query member before the position member (keys not in ASCII order) rejects.',
      utf8.encode(reordered),
      ['KD-CANON-05'],
    ),
    rawCase(
      current,
      'layout-space-before-colon',
      'A space before a colon rejects.',
      utf8.encode(replaceOnce(text, '"schema": ', '"schema" : ')),
      ['KD-CANON-13'],
    ),
    rawCase(
      current,
      'layout-two-spaces-after-colon',
      'Two spaces after a colon reject.',
      utf8.encode(replaceOnce(text, '"schema": ', '"schema":  ')),
      ['KD-CANON-13'],
    ),
    rawCase(
      current,
      'layout-tab-indentation',
      'Tab indentation rejects.',
      utf8.encode(`${layout(json, '\t', ': ', '\n')}\n`),
      ['KD-CANON-12'],
    ),
    rawCase(
      current,
      'layout-four-space-indentation',
      'Four-space indentation rejects.',
      utf8.encode(`${layout(json, '    ', ': ', '\n')}\n`),
      ['KD-CANON-12'],
    ),
    rawCase(
      current,
      'layout-flat-indentation',
      'One field per line without indentation rejects.',
      utf8.encode(`${layout(json, '', ': ', '\n')}\n`),
      ['KD-CANON-12'],
    ),
    rawCase(
      current,
      'layout-minified',
      'The minified encoding (no whitespace) rejects.',
      utf8.encode(`${layout(json, '', ':', '')}\n`),
      ['KD-CANON-12', 'KD-CANON-13'],
    ),
    rawCase(
      current,
      'layout-trailing-space',
      'A space at the end of a line rejects.',
      utf8.encode(
        replaceOnce(text, '"schema": "kofun.discovery.request/v1"\n', '"schema": "kofun.discovery.request/v1" \n'),
      ),
      ['KD-CANON-13'],
    ),
    rawCase(
      current,
      'layout-blank-line',
      'A blank line between members rejects.',
      utf8.encode(replaceOnce(text, '  },\n  "query"', '  },\n\n  "query"')),
      ['KD-CANON-12'],
    ),
  ];
}

/** Top level and size/depth (KD-CANON-02, KD-LIMIT-02, KD-LIMIT-09). */
function topLevelAndSizeCases(current: CurrentRequest): QueryCase[] {
  const { request, explain } = current;
  const big = asJson(explain);
  obj(big['query'])['spelling'] = 'a'.repeat(70_000);
  const deep = asJson(request);
  let nest: JsonValue = [];
  for (let i = 0; i < 15; i++) nest = [nest];
  obj(deep['query'])['spelling'] = nest;
  return [
    rawCase(current, 'empty-input', 'Zero bytes reject.', new Uint8Array(0), ['KD-CANON-02']),
    rawCase(current, 'top-level-array', 'A top-level array rejects: exactly one JSON object.', utf8.encode('[]\n'), [
      'KD-CANON-02',
    ]),
    rawCase(current, 'top-level-string', 'A top-level string rejects.', utf8.encode('"kofun.discovery.request/v1"\n'), [
      'KD-CANON-02',
    ]),
    rawCase(
      current,
      'over-64-kib',
      'A request of more than 65,536 bytes rejects with invalid-request, before it is parsed.',
      utf8.encode(encodeCanonicalText(big)),
      ['KD-LIMIT-02', 'KD-LIMIT-09', 'KD-LIMIT-08'],
      ['OQ-04'],
    ),
    rawCase(
      current,
      'over-depth-16',
      'A request nested 17 levels deep rejects with invalid-request.',
      utf8.encode(encodeCanonicalText(deep)),
      ['KD-LIMIT-02', 'KD-LIMIT-09'],
      ['OQ-05'],
    ),
  ];
}

/** Unknown, missing and null fields, schema strings and query kinds (KD-CANON-04, KD-CANON-06, KD-REQ-01..06). */
function recordShapeCases(current: CurrentRequest): QueryCase[] {
  return [
    schemaCase(
      current,
      'unknown-top-level-field',
      'An unknown top-level field rejects.',
      (r) => (r['zz_extension'] = null),
      ['KD-CANON-06', 'KD-REQ-01'],
    ),
    schemaCase(
      current,
      'unknown-nested-field',
      'An unknown field inside query rejects.',
      (r) => (obj(r['query'])['priority'] = 1),
      ['KD-CANON-06', 'KD-REQ-05'],
    ),
    schemaCase(current, 'missing-top-level-field', 'A request without query rejects.', (r) => delete r['query'], [
      'KD-CANON-04',
      'KD-REQ-01',
    ]),
    schemaCase(
      current,
      'missing-nested-field',
      'A query without include_unavailable rejects.',
      (r) => delete obj(r['query'])['include_unavailable'],
      ['KD-CANON-04', 'KD-REQ-05'],
    ),
    schemaCase(
      current,
      'missing-analysis-field',
      'An analysis key without semantic_compatibility rejects.',
      (r) => delete obj(r['analysis'])['semantic_compatibility'],
      ['KD-CANON-04', 'KD-KEY-01'],
    ),
    schemaCase(
      current,
      'null-position',
      'position null rejects: required records are never null.',
      (r) => (r['position'] = null),
      ['KD-REQ-03', 'KD-REQ-04'],
    ),
    schemaCase(
      current,
      'wrong-schema-version',
      'schema kofun.discovery.request/v2 (an unknown major) rejects with a v1 invalid result.',
      (r) => (r['schema'] = 'kofun.discovery.request/v2'),
      ['KD-REQ-02'],
      ['OQ-41'],
    ),
    schemaCase(
      current,
      'result-schema-as-request',
      'The result schema string in a request rejects.',
      (r) => (r['schema'] = 'kofun.discovery.result/v1'),
      ['KD-REQ-02'],
      ['OQ-41'],
    ),
    schemaCase(
      current,
      'unknown-query-kind',
      'An unknown query kind (methods) rejects.',
      (r) => (obj(r['query'])['kind'] = 'methods'),
      ['KD-REQ-06'],
    ),
  ];
}

/** Booleans, integers and IDs of the wrong type or form (KD-SCALAR-01, KD-SCALAR-03, KD-SCALAR-04). */
function scalarTypeCases(current: CurrentRequest): QueryCase[] {
  const { request } = current;
  return [
    schemaCase(
      current,
      'include-unavailable-as-string',
      'include_unavailable spelled as a string rejects.',
      (r) => (obj(r['query'])['include_unavailable'] = 'false'),
      ['KD-SCALAR-01', 'KD-REQ-07'],
    ),
    schemaCase(
      current,
      'generation-as-string',
      'A generation spelled as a string rejects.',
      (r) => (obj(r['analysis'])['generation'] = String(request.analysis.generation)),
      ['KD-SCALAR-03', 'KD-KEY-05'],
    ),
    schemaCase(
      current,
      'id-uppercase',
      'A FileId in uppercase hexadecimal rejects.',
      (r) => (obj(r['analysis'])['file_id'] = request.analysis.file_id.toUpperCase()),
      ['KD-SCALAR-04', 'KD-KEY-02'],
    ),
    schemaCase(
      current,
      'id-63-characters',
      'A 63-character source digest rejects.',
      (r) => (obj(r['analysis'])['source_sha256'] = request.analysis.source_sha256.slice(1)),
      ['KD-SCALAR-04', 'KD-KEY-03'],
    ),
    schemaCase(
      current,
      'id-65-characters',
      'A 65-character interface-set digest rejects.',
      (r) => (obj(r['analysis'])['interface_set_sha256'] = `${request.analysis.interface_set_sha256}0`),
      ['KD-SCALAR-04', 'KD-KEY-04'],
    ),
    schemaCase(
      current,
      'id-non-hex',
      'A FileId with a non-hex letter rejects.',
      (r) => (obj(r['analysis'])['file_id'] = `g${request.analysis.file_id.slice(1)}`),
      ['KD-SCALAR-04'],
    ),
  ];
}

/** The spelling against the query kind and the Spelling cap of 1,024 bytes (KD-REQ-08, KD-REQ-09, KD-SCALAR-09). */
function spellingCases(current: CurrentRequest): QueryCase[] {
  const { explain } = current;
  return [
    schemaCase(
      current,
      'spelling-for-operations',
      'A non-null spelling with kind operations rejects.',
      (r) => {
        obj(r['query'])['kind'] = 'operations';
        obj(r['query'])['spelling'] = 'length';
      },
      ['KD-REQ-09'],
    ),
    schemaCase(
      current,
      'spelling-for-type',
      'A non-null spelling with kind type rejects.',
      (r) => {
        obj(r['query'])['kind'] = 'type';
        obj(r['query'])['spelling'] = 'length';
      },
      ['KD-REQ-09'],
    ),
    schemaCase(
      current,
      'spelling-null-for-explain',
      'explain-operation with a null spelling rejects.',
      (r) => (obj(r['query'])['spelling'] = null),
      ['KD-REQ-08'],
      [],
      explain,
    ),
    schemaCase(
      current,
      'spelling-empty',
      'An empty spelling rejects (Spelling is 1–1,024 bytes).',
      (r) => (obj(r['query'])['spelling'] = ''),
      ['KD-SCALAR-09', 'KD-REQ-08'],
      [],
      explain,
    ),
    schemaCase(
      current,
      'spelling-1025-bytes',
      'A spelling of 1,025 ASCII bytes rejects.',
      (r) => (obj(r['query'])['spelling'] = 'a'.repeat(1025)),
      ['KD-SCALAR-09'],
      ['OQ-37'],
      explain,
    ),
    schemaCase(
      current,
      'spelling-1026-bytes-342-characters',
      'A spelling of 342 three-byte characters (1,026 bytes) rejects: length is counted in UTF-8 bytes.',
      (r) => (obj(r['query'])['spelling'] = '\u8a9e'.repeat(342)),
      ['KD-SCALAR-09'],
      ['OQ-37'],
      explain,
    ),
    schemaCase(
      current,
      'spelling-1026-bytes-342-u0800',
      'A spelling of 342 U+0800 characters, the first three-byte code point (1,026 bytes), rejects.',
      (r) => (obj(r['query'])['spelling'] = '\u0800'.repeat(342)),
      ['KD-SCALAR-09'],
      ['OQ-37'],
      explain,
    ),
  ];
}

/** Name caps, and byte caps counted in UTF-8 bytes, not UTF-16 units or characters (KD-SCALAR-05, KD-SCALAR-09). */
function byteCapCases(current: CurrentRequest): QueryCase[] {
  const { explain } = current;
  return [
    schemaCase(
      current,
      'semantic-compatibility-empty',
      'An empty semantic_compatibility rejects (Name is 1–256 bytes).',
      (r) => (obj(r['analysis'])['semantic_compatibility'] = ''),
      ['KD-SCALAR-05', 'KD-KEY-06'],
    ),
    schemaCase(
      current,
      'semantic-compatibility-257-bytes',
      'A semantic_compatibility of 257 bytes rejects.',
      (r) => (obj(r['analysis'])['semantic_compatibility'] = 's'.repeat(257)),
      ['KD-SCALAR-05', 'KD-KEY-06'],
      ['OQ-37'],
    ),
    // Byte caps count UTF-8 bytes (L64, L68; OQ-37 A): each of these is within the cap counted in UTF-16 code units
    // or in characters, and over it in bytes. A supplementary character is 4 bytes and 2 UTF-16 units, so no text
    // is longer in UTF-16 units than in bytes; the multi-byte texts exactly at the caps are limit/ cases.
    schemaCase(
      current,
      'semantic-compatibility-258-bytes-129-characters',
      'A semantic_compatibility of 129 two-byte characters (258 bytes, 129 UTF-16 units) rejects: ' +
        'Name is 1-256 bytes, counted in UTF-8.',
      (r) => (obj(r['analysis'])['semantic_compatibility'] = '\u00e9'.repeat(129)),
      ['KD-SCALAR-05', 'KD-KEY-06', 'KD-LIMIT-09'],
      ['OQ-37'],
    ),
    schemaCase(
      current,
      'semantic-compatibility-260-bytes-65-supplementary',
      'A semantic_compatibility of 65 four-byte characters (260 bytes, 130 UTF-16 units) rejects.',
      (r) => (obj(r['analysis'])['semantic_compatibility'] = '\u{1F600}'.repeat(65)),
      ['KD-SCALAR-05', 'KD-KEY-06', 'KD-LIMIT-09'],
      ['OQ-37'],
    ),
    schemaCase(
      current,
      'spelling-1028-bytes-257-supplementary',
      'A spelling of 257 four-byte characters (1,028 bytes, 514 UTF-16 units) rejects.',
      (r) => (obj(r['query'])['spelling'] = '\u{1F600}'.repeat(257)),
      ['KD-SCALAR-09', 'KD-LIMIT-09'],
      ['OQ-37'],
      explain,
    ),
  ];
}

/** Expression spans with start > end or an extra field (KD-SCALAR-10, KD-SCALAR-11). */
function spanCases(current: CurrentRequest): QueryCase[] {
  const { request } = current;
  return [
    schemaCase(
      current,
      'span-start-after-end',
      'An expression span with start > end rejects.',
      (r) => {
        const e = obj(obj(r['position'])['expression']);
        e['start'] = request.position.expression.end;
        e['end'] = request.position.expression.start;
      },
      ['KD-SCALAR-11'],
    ),
    schemaCase(
      current,
      'span-extra-field',
      'An expression span with an extra field rejects.',
      (r) => (obj(obj(r['position'])['expression'])['length'] = 9),
      ['KD-SCALAR-10'],
    ),
  ];
}

/** Number spellings a lenient JSON reader takes for the integer, for every integer field (L359, L364). */
function lenientIntegerSpellingCases(current: CurrentRequest): QueryCase[] {
  const { request, text, generationLine } = current;
  const cases: QueryCase[] = [];
  // Number spellings a lenient JSON reader takes for the integer (L359, L364): every integer field of the request, each
  // spelling alone. The generation's e0, fraction, plus sign and leading zero are the cases above.
  const integerLines = [
    { field: 'generation', line: generationLine, scalar: 'KD-SCALAR-03' },
    { field: 'byte-offset', line: `"byte_offset": ${request.position.byte_offset}`, scalar: 'KD-SCALAR-02' },
    { field: 'expression-start', line: `"start": ${request.position.expression.start}`, scalar: 'KD-SCALAR-02' },
    { field: 'expression-end', line: `"end": ${request.position.expression.end}`, scalar: 'KD-SCALAR-02' },
  ];
  const spellings = [
    { slug: 'upper-exponent', what: 'an upper-case exponent', spell: (n: number) => `${n}E0`, clause: 'KD-CANON-03' },
    { slug: 'scaled-exponent', what: 'a scaled exponent', spell: (n: number) => `${n}0E-1`, clause: 'KD-CANON-03' },
    { slug: 'exponent', what: 'an exponent', spell: (n: number) => `${n}e0`, clause: 'KD-CANON-03' },
    { slug: 'fraction', what: 'a fraction', spell: (n: number) => `${n}.0`, clause: 'KD-CANON-03' },
    { slug: 'plus-sign', what: 'a plus sign', spell: (n: number) => `+${n}`, clause: 'KD-CANON-10' },
    { slug: 'leading-zero', what: 'a leading zero', spell: (n: number) => `0${n}`, clause: 'KD-CANON-10' },
  ];
  for (const { field, line, scalar } of integerLines) {
    const [key, value] = line.split(': ') as [string, string];
    for (const sp of spellings) {
      if (field === 'generation' && !['upper-exponent', 'scaled-exponent'].includes(sp.slug)) continue;
      const spelled = sp.spell(Number(value));
      cases.push(
        rawCase(
          current,
          `${field}-${sp.slug}`,
          `The integer ${key} spelled with ${sp.what} (${spelled}) rejects, though a lenient reader takes it for ` +
            `${value}: canonical integers are base ten, no sign, exponent, fraction or leading zero.`,
          utf8.encode(replaceOnce(text, line, `${key}: ${spelled}`)),
          [sp.clause, scalar],
        ),
      );
    }
  }
  return cases;
}

/** An empty spelling on each general query kind: "" is a Spelling of 0 bytes, not null (L68, L139; KD-REQ-09). */
function emptySpellingForGeneralQueryCases(current: CurrentRequest): QueryCase[] {
  const cases: QueryCase[] = [];
  for (const kind of ['type', 'operations', 'type-and-operations'] as const) {
    cases.push(
      schemaCase(
        current,
        `spelling-empty-for-${kind}`,
        `An empty spelling with kind ${kind} rejects: the spelling is required null, and "" is not null.`,
        (r) => {
          obj(r['query'])['kind'] = kind;
          obj(r['query'])['spelling'] = '';
        },
        ['KD-REQ-09', 'KD-SCALAR-09'],
      ),
    );
  }
  return cases;
}

/** A decomposed semantic_compatibility where the world's is composed: NFC is checked on every text (L64, L363). */
function semanticCompatibilityNotNfcCase(): QueryCase {
  // NFC is checked on every text of the request (L64, L363), the key's semantic_compatibility too: a decomposed
  // spelling of the world's own value is neither stale nor normalized to current.
  const composed = ownWorld(
    variant(listTextWorld(), (f) => (f.semantic_compatibility = 'stage2-\u00e9t\u00e9')),
    'composed semantic compatibility',
  );
  const composedText = encodeCanonicalText(asJson(requestFor(composed)));
  return bytesCase(
    {
      id: 'invalid/semantic-compatibility-not-nfc',
      intent:
        "semantic_compatibility in decomposed form (e + U+0301) where the world's is the composed form rejects: " +
        'a Name is NFC and is never normalized, so the answer is neither stale nor current.',
      clauses: [...INVALID, 'KD-CANON-08', 'KD-SCALAR-05', 'KD-KEY-06', 'KD-CANON-16'],
      interpretations: [...OQ, 'OQ-37'],
      fixture: composed,
      expect: EXPECT.invalidRequest,
    },
    utf8.encode(replaceOnce(composedText, '"stage2-\u00e9t\u00e9"', '"stage2-e\u0301te\u0301"')),
    'A decomposed semantic_compatibility.',
  );
}

/** Position checks of a current request on the List[Text] world (KD-POS-05..07; OQ-10 A: invalid/invalid-position). */
function positionInSourceCases(current: CurrentRequest): QueryCase[] {
  const { fixture, request } = current;
  const span = request.position.expression;
  const sourceLength = Buffer.byteLength(fixture.file.source, 'utf8');
  return [
    positionCase(
      current,
      'position-offset-before-expression',
      'A byte offset one before expression.start rejects with invalid-position.',
      requestFor(fixture, { byteOffset: span.start - 1 }),
      ['KD-POS-05'],
    ),
    positionCase(
      current,
      'position-offset-after-expression',
      'A byte offset one after expression.end rejects with invalid-position.',
      requestFor(fixture, { byteOffset: span.end + 1 }),
      ['KD-POS-05'],
    ),
    positionCase(
      current,
      'position-span-not-an-occurrence',
      'A span one byte shorter than the parsed occurrence rejects: it does not match a current parsed occurrence.',
      requestFor(fixture, { expression: { start: span.start + 1, end: span.end }, byteOffset: span.end }),
      ['KD-POS-07', 'KD-POS-02'],
    ),
    positionCase(
      current,
      'position-whole-source-span',
      'A span covering the whole source, which no parsed occurrence has, rejects.',
      requestFor(fixture, { expression: { start: 0, end: sourceLength }, byteOffset: 0 }),
      ['KD-POS-07'],
    ),
    positionCase(
      current,
      'position-past-end-of-source',
      'A span and offset past the end of the source reject.',
      requestFor(fixture, {
        expression: { start: sourceLength + 1, end: sourceLength + 5 },
        byteOffset: sourceLength + 2,
      }),
      ['KD-POS-06'],
    ),
    positionCase(
      current,
      'position-u32-max',
      'byte_offset and span at 4294967295 (a valid U32) are outside the source and reject with invalid-position.',
      requestFor(fixture, { expression: { start: 4_294_967_295, end: 4_294_967_295 }, byteOffset: 4_294_967_295 }),
      ['KD-POS-06', 'KD-SCALAR-02'],
    ),
  ];
}

/** Offsets and spans that are not code-point boundaries, on one line or on line 3 (KD-POS-06, KD-POS-01). */
function positionOffCodePointCases(current: CurrentRequest): QueryCase[] {
  const u = utf8World();
  const cafe = u.occurrences[0]?.span ?? { start: 0, end: 0 };
  const literal = u.occurrences[1]?.span ?? { start: 0, end: 0 };
  const lines = multilineWorld('lf');
  const line3 = lines.occurrences[0]?.span ?? { start: 0, end: 0 };
  return [
    positionCase(
      current,
      'position-offset-inside-two-byte-character',
      'A byte offset between the two bytes of é inside the expression rejects: not a code-point boundary.',
      requestFor(u, { byteOffset: cafe.end - 1 }),
      ['KD-POS-06', 'KD-POS-01'],
      u,
      ['OQ-37'],
    ),
    positionCase(
      current,
      'position-offset-inside-four-byte-character',
      'A byte offset inside the four-byte 🎌 of the literal rejects.',
      requestFor(u, { occurrence: 1, byteOffset: literal.start + 1 + 9 + 1 + 2 }),
      ['KD-POS-06', 'KD-POS-01'],
      u,
    ),
    positionCase(
      current,
      'position-span-start-inside-character',
      'A span starting inside the three-byte 日 rejects (not a boundary, not an occurrence).',
      requestFor(u, {
        occurrence: 1,
        expression: { start: literal.start + 2, end: literal.end },
        byteOffset: literal.end,
      }),
      ['KD-POS-06'],
      u,
    ),
    positionCase(
      current,
      'position-offset-inside-character-on-line-3',
      'A byte offset between the two bytes of é in an expression on line 3 of an LF source rejects: ' +
        'not a code-point boundary.',
      requestFor(lines, { byteOffset: line3.end - 1 }),
      ['KD-POS-06', 'KD-POS-01'],
      lines,
      ['KIT-21'],
    ),
  ];
}
