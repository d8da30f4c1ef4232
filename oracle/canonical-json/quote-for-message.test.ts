/**
 * The quoting of a decoded string in a violation message: what may reach a terminal is escaped as `\u{HEX}` (upper-case
 * hex of the code point), and a long string is cut after 48 UTF-16 code units. Expected strings are worked by hand from
 * the Unicode general categories of each character.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { quoteForMessage } from './quote-for-message.js';

test('printable text is quoted as it is, an astral character included', () => {
  assert.is(quoteForMessage('abc'), '"abc"');
  assert.is(quoteForMessage(''), '""');
  assert.is(quoteForMessage('é \u{1F600}'), '"é \u{1F600}"');
});

test('the quote, the backslash and every non-printable category are escaped by code point', () => {
  assert.is(quoteForMessage('a"b\\c'), '"a\\u{22}b\\u{5C}c"');
  // Cc U+0001 and U+009F, Cf U+202E, Zl U+2028, Zp U+2029, Co U+E000, Cn U+0378 (unassigned), Cs a lone U+D800.
  assert.is(
    quoteForMessage('\u0001\u009f\u202e\u2028\u2029\ue000\u0378\ud800'),
    '"\\u{1}\\u{9F}\\u{202E}\\u{2028}\\u{2029}\\u{E000}\\u{378}\\u{D800}"',
  );
});

test('48 code units are kept whole, 49 are cut after the 48th with an ellipsis', () => {
  const keep = 'k'.repeat(48);
  assert.is(quoteForMessage(keep), `"${keep}"`);
  assert.is(quoteForMessage(`${keep}z`), `"${keep}…"`);
});

test.run();
