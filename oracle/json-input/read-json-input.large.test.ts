/**
 * A large text (64 KiB or more) has its keys and depth checked on a skeleton of its bytes (each long string token
 * replaced by one placeholder): it is refused or accepted exactly as the same text read the ordinary way, with the
 * same problem, byte offset and pointer.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import fc from 'fast-check';
import { formatJsonInputProblem, parseJsonInput } from './read-json-input.js';

const bytes = (s: string): Uint8Array => new Uint8Array(Buffer.from(s, 'utf8'));
const problemOf = (input: string): string => {
  const r = parseJsonInput(bytes(input));
  return r.ok ? 'accepted' : `${r.problem.code} ${formatJsonInputProblem(r.problem)}`;
};
/** 70,000 characters of a string value, one escape in every two characters. */
const escaped = '\\n'.repeat(35_000);

test('a large text: a key spelled with escapes still duplicates the plain spelling, at the byte of the second', () => {
  // {"ab":1,"a\u0062":2,...}: the second key's opening quote is byte 8.
  assert.is(problemOf(`{"ab":1,"a\\u0062":2,"pad":"${escaped}"}`), 'duplicate-key byte 8, /ab: duplicate key "ab"');
  // After the large string: {"pad":" is 8 bytes, the string 70,000, then `",` and the second "pad" at 70,010.
  assert.is(problemOf(`{"pad":"${escaped}","pad":1}`), 'duplicate-key byte 70010, /pad: duplicate key "pad"');
  // An escaped quote and backslash in keys: "\"" and "\\" are two different keys, and "\\\"" a third.
  const keys = `{"\\"":1,"\\\\":2,"\\\\\\"":3,"pad":"${escaped}"}`;
  assert.is(problemOf(keys), 'accepted');
});

test('a large text: a key spelled short and the same key spelled long with escapes are one key, refused', () => {
  const pad = ' '.repeat(70_000);
  // `{` is byte 0, the first key's 202-byte token bytes 1 to 202, `:1,` bytes 203 to 205: the second key is at 206,
  // spelled as 200 escapes \u0061 (a 1,202-byte token) that decode to the same 200 letters.
  assert.match(
    problemOf(`{"${'a'.repeat(200)}":1,"${'\\u0061'.repeat(200)}":2}${pad}`),
    /^duplicate-key byte 206, \/a{200}: duplicate key "a{200}"$/,
  );
});

test('a large text JSON.parse accepts is its value; a large text with a problem tells it as any text does', () => {
  const text = `{"a":{"b":["x\\"y",1]},"pad":"${escaped}"}`;
  const r = parseJsonInput(bytes(text));
  assert.ok(r.ok);
  if (r.ok) assert.equal(r.value, JSON.parse(text));
  // {"pad":" is 8 bytes, the string 70,000, then `",` and the `}` where a key must come, at byte 70,010.
  assert.is(problemOf(`{"pad":"${escaped}",}`), 'syntax byte 70010: syntax error (PropertyNameExpected)');
  assert.match(problemOf(`${'['.repeat(200)}"${escaped}"${']'.repeat(200)}`), /^too-deep byte 128: nested deeper/);
});

test('a large text with a bad escape in a key is refused at that key, as any text is, and nothing is thrown', () => {
  // {"a\x":1}: the key token that holds the bad escape `\x` opens with its quote at byte 1.
  assert.is(problemOf(`{"a\\x":1,"pad":"${escaped}"}`), 'syntax byte 1: syntax error (InvalidEscapeCharacter)');
});

test('a large text: long keys are compared whole, a long duplicate refused at its byte, two long keys kept', () => {
  const long = 'a'.repeat(300);
  const pad = ' '.repeat(70_000);
  // `{` is byte 0, the first key's 302-byte token bytes 1 to 302, `:1,` bytes 303 to 305: the second key is at 306.
  assert.match(
    problemOf(`{"${long}":1,"${long}":2}${pad}`),
    /^duplicate-key byte 306, \/a{300}: duplicate key "a{300}"$/,
  );
  const r = parseJsonInput(bytes(`{"${long}":1,"${long}b":2,"${long}c":"${escaped}"}${pad}`));
  assert.ok(r.ok);
  if (r.ok) assert.equal(r.value, { [long]: 1, [`${long}b`]: 2, [`${long}c`]: '\n'.repeat(35_000) });
});

test('property: trailing spaces that make a text large change nothing of how it is read', () => {
  const key = fc
    .constantFrom('a', 'b', 'ab', 'é', '"', '\\', '~/')
    .chain((k) =>
      fc
        .boolean()
        .map((escape) =>
          escape
            ? `"${[...k].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('')}"`
            : JSON.stringify(k),
        ),
    );
  const { object } = fc.letrec((tie) => ({
    object: fc
      .array(
        fc.tuple(
          key,
          fc.oneof(
            fc.jsonValue({ maxDepth: 1 }).map((v) => JSON.stringify(v)),
            tie('object'),
          ),
        ),
        {
          maxLength: 4,
        },
      )
      .map((entries) => `{${entries.map(([k, v]) => `${k}:${v as string}`).join(',')}}`),
  }));
  fc.assert(
    fc.property(object, (text) => {
      const small = parseJsonInput(bytes(text));
      const large = parseJsonInput(bytes(`${text}${' '.repeat(70_000)}`));
      assert.equal(large, small, text);
    }),
    { seed: 20261202, numRuns: 400 },
  );
});

test.run();
