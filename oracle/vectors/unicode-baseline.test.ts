import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  assignedInBaseline,
  beyondBaseline,
  checkRuntimeUnicode,
  UNICODE_BASELINE,
  versionAtMost,
} from './unicode-baseline.js';

// Ages from the Unicode standard's own charts, worked by hand.
test('Unicode 15.0 assigns what earlier versions and 15.0 itself assigned, and nothing of 16.0', () => {
  assert.ok(assignedInBaseline(0x00e9)); // é, 1.1
  assert.ok(assignedInBaseline(0xff5e)); // FULLWIDTH TILDE, 1.1
  assert.ok(assignedInBaseline(0x1f600)); // GRINNING FACE, 6.1
  assert.ok(assignedInBaseline(0x1f6dc)); // WIRELESS, 15.0
  assert.ok(assignedInBaseline(0x1fae8)); // SHAKING FACE, 15.0
  assert.ok(assignedInBaseline(0xe000)); // private use: assigned (Co), never Cn
  assert.not.ok(assignedInBaseline(0x0378)); // never assigned
  assert.not.ok(assignedInBaseline(0x1fae9)); // FACE WITH BAGS UNDER EYES, 16.0
  assert.not.ok(assignedInBaseline(0x10ffff)); // a noncharacter is Cn
});

test('only code points the baseline does not assign are flagged (KIT-26)', () => {
  assert.equal(beyondBaseline('caf\u00e9 \u65e5\u672c\u8a9e \u{1f38c} \u{ff5e}\u{1f600} \u{1f6dc}'), []);
  assert.equal(beyondBaseline('x\u{1fae9}y\u{1fae9}\u0378'), ['U+0378', 'U+1FAE9']);
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
