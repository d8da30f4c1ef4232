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
});

test('NFC is required, never applied (OQ-37 A)', () => {
  assert.equal(checkDisplay('Café', '/d'), []);
  assert.equal(codes(checkDisplay('Cafe\u0301', '/d')), ['not-nfc']);
  assert.equal(codes(checkName('\u212b', '/n')), ['not-nfc'], 'ANGSTROM SIGN normalizes to U+00C5');
  assert.equal(checkName('\u00c5', '/n'), []);
});

test('an unpaired surrogate has no UTF-8 form', () => {
  assert.equal(codes(checkName('a\ud800b', '/n')), ['lone-surrogate']);
  assert.equal(codes(checkName('\udc00', '/n')), ['lone-surrogate']);
  assert.equal(checkName('\ud83d\ude00', '/n'), []);
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
  assert.is(v?.pointer, '/position/expression/start');
});

test('isId: exactly 64 lowercase hex (KD-SCALAR-04)', () => {
  assert.ok(isId('0123456789abcdef'.repeat(4)));
  assert.not.ok(isId('0123456789ABCDEF'.repeat(4)));
  assert.not.ok(isId('a'.repeat(63)));
  assert.not.ok(isId('a'.repeat(65)));
  assert.not.ok(isId(`${'a'.repeat(64)}\n`));
  assert.not.ok(isId(64));
});

test.run();
