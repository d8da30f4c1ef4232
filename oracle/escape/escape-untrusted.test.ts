import { test } from 'uvu';
import * as assert from 'uvu/assert';
import fc from 'fast-check';
import {
  clip,
  escapeBytes,
  escapeFor,
  escapeText,
  markdownCell,
  markdownCode,
  markdownFence,
} from './escape-untrusted.js';

test('terminal control sequences, bidi overrides and line separators are escaped', () => {
  assert.is(escapeText('a\u001b[31mred'), 'a\\u{1b}[31mred');
  assert.is(escapeText('x\u202ey'), 'x\\u{202e}y');
  assert.is(escapeText('p\u2028q'), 'p\\u{2028}q');
  assert.is(escapeText('\u0085'), '\\u{85}');
  assert.is(escapeText('tab\tcr\r'), 'tab\\tcr\\r');
  assert.is(escapeText('back\\slash'), 'back\\\\slash');
});

test('LF is escaped unless lines are kept; other text stays literal', () => {
  assert.is(escapeText('a\nb'), 'a\\nb');
  assert.is(escapeText('a\nb', { keepLines: true }), 'a\nb');
  assert.is(escapeText('List[Text] é 😀'), 'List[Text] é 😀');
});

test('a lone surrogate is escaped, a pair is kept', () => {
  assert.is(escapeText('\ud800x'), '\\u{d800}x');
  assert.is(escapeText('\ud83d\ude00'), '😀');
});

test('bytes: valid UTF-8 decoded, every byte of an invalid sequence as \\xNN', () => {
  assert.is(escapeBytes(new Uint8Array([0x61, 0xff, 0x62])), 'a\\xffb');
  // é is C3 A9.
  assert.is(escapeBytes(new Uint8Array([0xc3, 0xa9])), 'é');
  // Overlong NUL, an encoded surrogate, a truncated sequence.
  assert.is(escapeBytes(new Uint8Array([0xc0, 0x80])), '\\xc0\\x80');
  assert.is(escapeBytes(new Uint8Array([0xed, 0xa0, 0x80])), '\\xed\\xa0\\x80');
  assert.is(escapeBytes(new Uint8Array([0xe2, 0x82])), '\\xe2\\x82');
  // A two-byte sequence cut at the end of the bytes.
  assert.is(escapeBytes(new Uint8Array([0x6f, 0x6b, 0xc3])), 'ok\\xc3');
  assert.is(escapeBytes(new Uint8Array([0x1b, 0x5b, 0x32, 0x4a])), '\\u{1b}[2J');
});

test('property: escaped text holds no control, format, separator or surrogate character', () => {
  const bad = /[\p{Cc}\p{Cf}\u2028\u2029\ud800-\udfff]/u;
  fc.assert(
    fc.property(fc.uint8Array({ maxLength: 64 }), (bytes) => {
      assert.not.ok(bad.test(escapeBytes(bytes)));
      assert.not.ok(/[\p{Cc}\p{Cf}\u2028\u2029]/u.test(escapeBytes(bytes, { keepLines: true }).replace(/\n/g, '')));
    }),
    { seed: 20261201, numRuns: 500 },
  );
  fc.assert(
    fc.property(fc.string({ unit: 'binary', maxLength: 32 }), (s) => {
      assert.not.ok(bad.test(escapeText(s)));
    }),
    { seed: 20261201, numRuns: 500 },
  );
});

test('markdown: markup is neutralised and a fence outgrows any backtick run', () => {
  assert.is(markdownCell('a|b`c*'), 'a\\|b\\`c\\*');
  assert.is(markdownCell('<img src=x>'), '&lt;img src=x&gt;');
  assert.is(markdownFence('no ticks'), '```');
  assert.is(markdownFence('x ```` y'), '`````');
});

test('clip marks the cut', () => {
  assert.is(clip('abcdef', 3), 'abc… (3 more characters)');
  assert.is(clip('abc', 3), 'abc');
});

test('markdown: a pipe, a backtick and a line break cannot break a table row', () => {
  // A cell folds the line break to a space; the markdown context shows it as the escape `\n`, backslash escaped.
  assert.is(markdownCell('a|b`c\nd'), 'a\\|b\\`c d');
  assert.is(markdownCell('a\r\nb\u2028c'), 'a b c');
  assert.is(escapeFor('markdown', 'a\nb'), String.raw`a\\nb`);
});

test('markdown: emphasis, link and HTML syntax are inert', () => {
  assert.is(markdownCell('_T1 *x* [l](u) <b>&'), '\\_T1 \\*x\\* \\[l\\](u) &lt;b&gt;&amp;');
});

test('markdown: control characters are shown as \\u{x}, the backslash escaped for Markdown', () => {
  assert.is(markdownCell('a\u001bb\tc'), String.raw`a\\u{1b}b\\tc`);
});

test('markdown: code spans only for plain identifiers', () => {
  assert.is(markdownCode('complete/list-text-operations'), '`complete/list-text-operations`');
  assert.is(markdownCode('a`b'), 'a\\`b');
});

test('html: markup and quotes become entities, lines are kept, controls escaped', () => {
  assert.is(
    escapeFor('html', '<script>alert("x")</script>\n\u001b\''),
    '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;\n\\u{1b}&#39;',
  );
});

test('visible whitespace: a space is ·, LF is \n in every sink, a literal · is escaped, once per sink', () => {
  // Two-space indent, a quote, a literal middle dot, a tab and a final LF, as a layout context might hold them.
  const text = '{\n  "a·b":\t1}\n';
  const marks = { visibleWhitespace: true };
  assert.is(escapeFor('terminal', text, undefined, marks), String.raw`{\n··"a\u{b7}b":\t1}\n`);
  // HTML keeps lines elsewhere; here LF is a mark, and the quotes are entities, each escaped once.
  assert.is(escapeFor('html', text, undefined, marks), String.raw`{\n··&quot;a\u{b7}b&quot;:\t1}\n`);
  assert.is(escapeFor('xml', text, undefined, marks), String.raw`{\n··"a\u{b7}b":\t1}\n`);
  // Markdown writes each mark's backslash as \\ so that it renders as one backslash.
  assert.is(escapeFor('markdown', text, undefined, marks), String.raw`{\\n··"a\\u{b7}b":\\t1}\\n`);
  assert.is(escapeFor('ascii', text, undefined, marks), String.raw`{\n\u{20}\u{20}"a\u{b7}b":\t1}\n`);
  assert.is(escapeBytes(Buffer.from(' \n'), marks), String.raw`·\n`);
  // Without the marks nothing changes.
  assert.is(escapeFor('terminal', 'a b'), 'a b');
});

test('ascii: every code point above U+007E is escaped; max cuts without splitting an escape', () => {
  assert.is(escapeFor('ascii', 'é\u{1F600}\\\u007f\n'), String.raw`\u{e9}\u{1f600}\\\u{7f}\n`);
  assert.is(escapeText('a'.repeat(20), { max: 10 }), 'aaaaaaa...');
  assert.is(escapeText('aaaaa\u00e9', { max: 10, asciiOnly: true }), 'aaaaa...');
});

test('bytes: an ill-formed sequence shows each byte as \\xNN, never U+FFFD', () => {
  assert.is(escapeFor('terminal', Uint8Array.of(0x61, 0xff, 0xc3, 0x28, 0xe2, 0x82)), String.raw`a\xff\xc3(\xe2\x82`);
});

test.run();
