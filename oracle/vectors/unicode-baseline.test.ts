import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  beyondBaseline,
  checkRuntimeUnicode,
  unicodeAge,
  UNICODE_BASELINE,
  versionAtMost,
} from './unicode-baseline.js';

test('ages of the code points the kit uses (DerivedAge.txt)', () => {
  assert.is(unicodeAge(0x00e9), '1.1'); // é
  assert.is(unicodeAge(0x0301), '1.1'); // combining acute
  assert.is(unicodeAge(0x8a9e), '1.1'); // 語
  assert.is(unicodeAge(0x1f38c), '6.0'); // 🎌 CROSSED FLAGS
  assert.is(unicodeAge(0x1f6dc), undefined);
});

test('a code point of unknown age is flagged, one assigned by the baseline is not (KIT-26)', () => {
  assert.equal(beyondBaseline('caf\u00e9 \u65e5\u672c\u8a9e \u{1f38c}'), []);
  assert.equal(beyondBaseline('x\u{1f6dc}y\u{1f6dc}\u0378'), ['U+0378', 'U+1F6DC']);
});

test('a runtime older than the baseline is refused; the same or newer is not', () => {
  assert.ok(
    versionAtMost('6.0', '15.0') &&
      versionAtMost('15.0', '15.0') &&
      !versionAtMost('15.1', '15.0') &&
      versionAtMost('9.0', '10.0'),
  );
  assert.is(checkRuntimeUnicode(UNICODE_BASELINE), undefined);
  assert.is(checkRuntimeUnicode('17.0'), undefined);
  assert.ok(checkRuntimeUnicode('14.0')?.includes('older than'));
  assert.ok(checkRuntimeUnicode(undefined) !== undefined);
});

test.run();
