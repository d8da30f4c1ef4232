import { test } from 'uvu';
import * as assert from 'uvu/assert';
import fc from 'fast-check';
import {
  checkDisplay,
  checkName,
  checkQualifiedName,
  checkSignature,
  checkSpan,
  checkSpelling,
  checkText,
  isId,
  TEXT_SCALARS,
  type TextScalar,
} from './scalar-checks.js';

const codes = (vs: { code: string }[]): string[] => vs.map((v) => v.code);

test('byte ranges count UTF-8 bytes of the decoded value (KD-SCALAR-05..09, OQ-37 A)', () => {
  // Name: 1..256 bytes. 'é' is 2 bytes, U+1F600 is 4 bytes.
  assert.equal(checkName('a'.repeat(256), '/n'), []);
  assert.equal(codes(checkName('a'.repeat(257), '/n')), ['text-length']);
  assert.equal(checkName('é'.repeat(128), '/n'), []);
  assert.equal(codes(checkName(`${'é'.repeat(128)}a`, '/n')), ['text-length']);
  assert.equal(checkName('\u{1F600}'.repeat(64), '/n'), []);
  assert.equal(codes(checkName('\u{1F600}'.repeat(65), '/n')), ['text-length'], '65 code points but 260 bytes');
  assert.equal(codes(checkName('', '/n')), ['text-length']);
  // Display may be empty; the others may not.
  assert.equal(checkDisplay('', '/d'), []);
  assert.equal(codes(checkDisplay('x'.repeat(4097), '/d')), ['text-length']);
  assert.equal(checkQualifiedName('q'.repeat(4096), '/q'), []);
  assert.equal(codes(checkQualifiedName('q'.repeat(4097), '/q')), ['text-length']);
  assert.equal(checkSignature('s'.repeat(16384), '/s'), []);
  assert.equal(codes(checkSignature('s'.repeat(16385), '/s')), ['text-length']);
  assert.equal(checkSpelling('p'.repeat(1024), '/p'), []);
  assert.equal(codes(checkSpelling('p'.repeat(1025), '/p')), ['text-length']);
  assert.equal(codes(checkSpelling('', '/p')), ['text-length']);
});

test('each scalar reports its own clause and the given pointer', () => {
  const expected: Record<TextScalar, string> = {
    Name: 'KD-SCALAR-05',
    QualifiedName: 'KD-SCALAR-06',
    Display: 'KD-SCALAR-07',
    Signature: 'KD-SCALAR-08',
    Spelling: 'KD-SCALAR-09',
  };
  for (const kind of Object.keys(TEXT_SCALARS) as TextScalar[]) {
    const [v] = checkText(kind, 'bad\u0000', '/x/y');
    assert.is(v?.clause, expected[kind]);
    assert.is(v?.pointer, '/x/y');
    assert.is(v?.code, 'control-character');
  }
});

test('control characters are exactly Unicode Cc (OQ-37 A)', () => {
  for (const c of ['\u0000', '\u0009', '\u000a', '\u001f', '\u007f', '\u0080', '\u0085', '\u009f']) {
    assert.equal(codes(checkName(`a${c}b`, '/n')), ['control-character'], `U+${c.charCodeAt(0).toString(16)}`);
  }
  // Cf and separators are not Cc: zero-width joiner, bidi override, line separator, NBSP.
  for (const c of ['\u00a0', '\u200d', '\u202e', '\u2028', ' ']) assert.equal(checkName(`a${c}b`, '/n'), []);
  const [v] = checkName('a\u007fb', '/n');
  assert.is(v?.actual, 'U+007F at UTF-16 index 1');
  // A control character at index 0 is found too.
  assert.equal(checkSpelling('\u0085x', '/q/spelling'), [
    {
      code: 'control-character',
      clause: 'KD-SCALAR-09',
      message: 'Spelling contains a control character.',
      pointer: '/q/spelling',
      expected: 'no Unicode Cc character',
      actual: 'U+0085 at UTF-16 index 0',
    },
  ]);
});

test('NFC is required, never applied (OQ-37 A)', () => {
  assert.equal(checkDisplay('Café', '/d'), []);
  assert.equal(codes(checkDisplay('Cafe\u0301', '/d')), ['not-nfc']);
  assert.equal(codes(checkName('\u212b', '/n')), ['not-nfc'], 'ANGSTROM SIGN normalizes to U+00C5');
  assert.equal(checkName('\u00c5', '/n'), []);
  assert.equal(checkDisplay('Cafe\u0301', '/d'), [
    {
      code: 'not-nfc',
      clause: 'KD-SCALAR-07',
      message: 'Display is not in NFC.',
      pointer: '/d',
      expected: 'NFC',
      actual: 'not NFC',
    },
  ]);
});

test('a length violation names the range and the UTF-8 byte count', () => {
  // 128 two-byte characters and one ASCII letter: 257 bytes against Name's 1..256.
  assert.equal(checkName(`${'\u00e9'.repeat(128)}a`, '/n'), [
    {
      code: 'text-length',
      clause: 'KD-SCALAR-05',
      message: 'Name must be 1\u2013256 UTF-8 bytes.',
      pointer: '/n',
      expected: '1..256 UTF-8 bytes',
      actual: '257 bytes',
    },
  ]);
});

test('an unpaired surrogate has no UTF-8 form', () => {
  assert.equal(codes(checkName('a\ud800b', '/n')), ['lone-surrogate']);
  assert.equal(codes(checkName('\udc00', '/n')), ['lone-surrogate']);
  assert.equal(checkName('\ud83d\ude00', '/n'), []);
  // The surrogate ranges' edges: D800..DBFF high, DC00..DFFF low. U+10FFFD is DBFF DFFD, U+1F3FF is D83C DFFF.
  assert.equal(checkName('\u{10FFFD}\u{1F3FF}', '/n'), []);
  assert.equal(codes(checkName('\udfff', '/n')), ['lone-surrogate']);
  // A high surrogate followed by a code unit above the low range (U+E000) is unpaired.
  const [v] = checkName('a\ud800\ue000', '/n');
  assert.equal(v, {
    code: 'lone-surrogate',
    clause: 'KD-SCALAR-05',
    message: 'Name has an unpaired surrogate, which has no UTF-8 encoding.',
    pointer: '/n',
    expected: 'well-formed Unicode',
    actual: 'unpaired surrogate at UTF-16 index 1',
  });
  // Text with an unpaired surrogate is not Unicode text, so NFC is not asked of it (one violation, not two),
  // wherever the surrogate stands; 'e' + U+0301 would otherwise be not NFC.
  assert.equal(codes(checkName('\ud800e\u0301', '/n')), ['lone-surrogate']);
  assert.equal(codes(checkName('e\u0301\ud800', '/n')), ['lone-surrogate']);
});

test('length check agrees with Buffer.byteLength for any well-formed string', () => {
  fc.assert(
    fc.property(fc.string({ unit: 'binary', maxLength: 300 }), (s) => {
      const bytes = Buffer.byteLength(s, 'utf8');
      const tooLong = codes(checkName(s, '/n')).includes('text-length');
      assert.is(tooLong, bytes < 1 || bytes > 256);
    }),
    { seed: 20261201, numRuns: 500 },
  );
});

test('span start <= end (KD-SCALAR-11); equal bounds are a valid empty span', () => {
  assert.equal(checkSpan({ start: 3, end: 3 }, '/s'), []);
  assert.equal(checkSpan({ start: 0, end: 4294967295 }, '/s'), []);
  const [v] = checkSpan({ start: 5, end: 4 }, '/position/expression');
  assert.is(v?.code, 'span-order');
  assert.is(v?.clause, 'KD-SCALAR-11');
  assert.equal(v, {
    code: 'span-order',
    clause: 'KD-SCALAR-11',
    message: 'Span start is after its end.',
    pointer: '/position/expression/start',
    expected: 'start <= end (4)',
    actual: '5',
  });
});

test('isId: exactly 64 lowercase hex (KD-SCALAR-04)', () => {
  assert.ok(isId('0123456789abcdef'.repeat(4)));
  assert.not.ok(isId('0123456789ABCDEF'.repeat(4)));
  assert.not.ok(isId('a'.repeat(63)));
  assert.not.ok(isId('a'.repeat(65)));
  assert.not.ok(isId(`${'a'.repeat(64)}\n`));
  assert.not.ok(isId(64));
  // Only a string primitive is an Id: values that coerce to 64 lowercase hex are not.
  assert.not.ok(isId(new String('a'.repeat(64))), 'a String object of 64 hex characters');
  assert.not.ok(isId(['a'.repeat(64)]), 'an array holding an Id');
});

test.run();
