import { test } from 'uvu';
import * as assert from 'uvu/assert';
import fc from 'fast-check';
import { formatViolation } from './format-violation.js';
import { escapeText } from '../escape/escape-untrusted.js';
import { violation } from '../violation.js';

test('the line names clause, code, pointer, message, expected and actual', () => {
  const v = violation('complete-with-reason', 'KD-RES-06', 'A complete result has a null reason.', {
    pointer: '/reason',
    expected: 'null',
    actual: '"limit-exhausted"',
  });
  assert.is(
    formatViolation(v),
    'KD-RES-06 complete-with-reason at /reason: A complete result has a null reason. (expected null, ' +
      'actual "limit-exhausted")',
  );
});

test('byte offsets, the root pointer and missing parts', () => {
  assert.is(formatViolation(violation('bom', 'KD-CANON-01', 'BOM.', { offset: 0 })), 'KD-CANON-01 bom at byte 0: BOM.');
  assert.is(
    formatViolation(violation('x', 'KD-RES-09', 'M.', { pointer: '', actual: 'none' })),
    'KD-RES-09 x at (root): M. (actual none)',
  );
  assert.is(formatViolation(violation('x', 'KD-RES-09', 'M.')), 'KD-RES-09 x at (input): M.');
});

test('provider text is escaped: controls and non-ASCII as \\u{x}, backslash doubled', () => {
  const ascii = (s: string): string => escapeText(s, { asciiOnly: true, max: 100 });
  assert.is(ascii('a\u001b[31mb'), 'a\\u{1b}[31mb');
  assert.is(ascii('é\u{1F600}\\\u007f\n'), '\\u{e9}\\u{1f600}\\\\\\u{7f}\\n');
  assert.is(ascii('\ud800x'), '\\u{d800}x');
  const v = violation('schema', 'KD-CANON-06', 'Unknown field.', {
    pointer: '/evil\u001b]0;pwned\u0007',
    actual: 'field \u202eevil',
  });
  assert.is(
    formatViolation(v),
    'KD-CANON-06 schema at /evil\\u{1b}]0;pwned\\u{7}: Unknown field. (actual field \\u{202e}evil)',
  );
});

test('long text is cut without splitting an escape', () => {
  assert.is(escapeText('a'.repeat(20), { asciiOnly: true, max: 10 }), 'aaaaaaa...');
  assert.is(escapeText('aaaaa\u00e9', { asciiOnly: true, max: 10 }), 'aaaaa...');
});

test('property: any violation formats to one bounded line of printable ASCII', () => {
  const text = fc.string({ unit: 'binary', maxLength: 3000 });
  fc.assert(
    fc.property(text, text, text, text, (code, message, pointer, actual) => {
      const line = formatViolation(violation(code, 'KD-X-01', message, { pointer, expected: actual, actual }));
      return /^[\x20-\x7e]*$/.test(line) && line.length <= 1000;
    }),
    { seed: 20261201, numRuns: 300 },
  );
});

test.run();
