import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { markdownCell, markdownCode } from './markdown-cell.js';

test('a pipe, a backtick and a line break cannot break a table row', () => {
  assert.is(markdownCell('a|b`c\nd'), 'a\\|b\\`c d');
});

test('emphasis, link and HTML syntax are inert', () => {
  assert.is(markdownCell('_T1 *x* [l](u) <b>&'), '\\_T1 \\*x\\* \\[l\\](u) &lt;b&gt;&amp;');
});

test('control characters are shown as \\u{X} (the backslash escaped for Markdown), not passed through', () => {
  assert.is(markdownCell('a\u001bb\tc'), String.raw`a\\u{1b}b\\u{9}c`);
});

test('code spans only for plain identifiers', () => {
  assert.is(markdownCode('complete/list-text-operations'), '`complete/list-text-operations`');
  assert.is(markdownCode('a`b'), 'a\\`b');
});

test.run();
