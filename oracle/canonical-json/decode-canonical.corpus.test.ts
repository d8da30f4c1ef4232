import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { kitRoot } from '../kit-root.js';
import { decodeCanonical } from './decode-canonical.js';
import { encodeCanonical } from './encode-canonical.js';

// JSONTestSuite (nst/JSONTestSuite, see its SOURCE.md): each test_parsing file's bytes X
// are wrapped as `{\n  "k": X\n}\n` so the value reaches the tokenizer. Under the canonical
// profile every wrapped n_ and i_ case is rejected, and a wrapped y_ case is either
// rejected or re-encodes to its own bytes.
const corpus = join(kitRoot(), '..', 'shared', 'corpora', 'JSONTestSuite');
const parsing = join(corpus, 'test_parsing');
const transform = join(corpus, 'test_transform');

const PREFIX = new TextEncoder().encode('{\n  "k": ');
const SUFFIX = new TextEncoder().encode('\n}\n');

function wrap(x: Uint8Array): Uint8Array {
  const out = new Uint8Array(PREFIX.length + x.length + SUFFIX.length);
  out.set(PREFIX, 0);
  out.set(x, PREFIX.length);
  out.set(SUFFIX, PREFIX.length + x.length);
  return out;
}

const ITEM_PREFIX = new TextEncoder().encode('{\n  "k": [\n    ');
const ITEM_SUFFIX = new TextEncoder().encode('\n  ]\n}\n');

/**
 * A second wrapping, beyond the one SOURCE.md describes: for a file `[Y]`, Y's bytes go on
 * their own line inside a canonical array, so the layout check passes and Y reaches the
 * string and number tokenizer. Y starts at byte 15.
 */
function wrapItems(x: Uint8Array): Uint8Array | undefined {
  if (x[0] !== 0x5b || x[x.length - 1] !== 0x5d) return undefined;
  const y = x.subarray(1, x.length - 1);
  const out = new Uint8Array(ITEM_PREFIX.length + y.length + ITEM_SUFFIX.length);
  out.set(ITEM_PREFIX, 0);
  out.set(y, ITEM_PREFIX.length);
  out.set(ITEM_SUFFIX, ITEM_PREFIX.length + y.length);
  return out;
}

function files(dir: string): string[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort();
}

if (!existsSync(parsing)) {
  console.log(`note: JSONTestSuite corpus not found at ${corpus}; corpus tests skipped`);
} else {
  const names = files(parsing);

  test('the corpus is present and has all three verdict families', () => {
    assert.ok(names.some((n) => n.startsWith('y_')));
    assert.ok(names.some((n) => n.startsWith('n_')));
    assert.ok(names.some((n) => n.startsWith('i_')));
  });

  test('every wrapped n_ and i_ case is rejected', () => {
    const accepted: string[] = [];
    for (const name of names) {
      if (!name.startsWith('n_') && !name.startsWith('i_')) continue;
      const r = decodeCanonical(wrap(readFileSync(join(parsing, name))));
      if (r.ok) accepted.push(name);
    }
    assert.equal(accepted, []);
  });

  test('a wrapped y_ case is rejected or re-encodes to its own bytes', () => {
    const accepted: string[] = [];
    for (const name of names) {
      if (!name.startsWith('y_')) continue;
      const input = wrap(readFileSync(join(parsing, name)));
      const r = decodeCanonical(input);
      if (!r.ok) continue;
      accepted.push(name);
      assert.equal([...encodeCanonical(r.value)], [...input], name);
    }
    // By hand from the corpus bytes: the only y_ files that are one canonical value with
    // no whitespace are `[]`, `{}`, `" "`, `false`, `42`, `null`, `"asd"`, `true` and `""`.
    assert.equal(accepted, [
      'y_array_empty.json',
      'y_object_empty.json',
      'y_string_space.json',
      'y_structure_lonely_false.json',
      'y_structure_lonely_int.json',
      'y_structure_lonely_null.json',
      'y_structure_lonely_string.json',
      'y_structure_lonely_true.json',
      'y_structure_string_empty.json',
    ]);
  });

  test('with items on their own line: n_ and i_ rejected, y_ rejected or re-encoded to its own bytes', () => {
    const codes = new Set<string>();
    const wrongly: string[] = [];
    for (const name of names) {
      const input = wrapItems(readFileSync(join(parsing, name)));
      if (input === undefined) continue;
      const r = decodeCanonical(input);
      if (!r.ok) codes.add(r.violation.code);
      else if (!name.startsWith('y_')) wrongly.push(name);
      else assert.equal([...encodeCanonical(r.value)], [...input], name);
    }
    assert.equal(wrongly, []);
    // The corpus reaches every tokenizer rejection, not only the layout check.
    for (const code of [
      'invalid-utf8',
      'escape',
      'control-character',
      'float',
      'exponent',
      'sign',
      'leading-zero',
      'integer-range',
      'literal-case',
      'syntax',
    ]) {
      assert.ok(codes.has(code), `no corpus case rejected with ${code}`);
    }
  });

  // Offsets by hand from the file bytes; the array item starts at byte 15.
  const pinned: Array<[string, string, string, number]> = [
    ['n_number_with_leading_zero.json', 'leading-zero', 'KD-CANON-10', 15], // [012]
    ['i_number_too_big_pos_int.json', 'integer-range', 'KD-SCALAR-03', 15], // [100000000000000000000]
    ['n_structure_capitalized_True.json', 'literal-case', 'KD-CANON-10', 15], // [True]
    ['i_string_UTF8_surrogate_U+D800.json', 'invalid-utf8', 'KD-CANON-01', 16], // ["ED A0 80"]
    ['i_string_iso_latin_1.json', 'invalid-utf8', 'KD-CANON-01', 16], // ["E9"]
    ['n_string_unescaped_tab.json', 'control-character', 'KD-CANON-08', 16], // ["TAB"]
    ['n_string_escape_x.json', 'escape', 'KD-CANON-09', 16], // ["\x00"]
  ];
  for (const [name, code, clause, offset] of pinned) {
    test(`corpus ${name} with its item on its own line: ${code} at byte ${offset}`, () => {
      const input = wrapItems(readFileSync(join(parsing, name)));
      if (input === undefined) throw new Error('not an array file');
      const r = decodeCanonical(input);
      if (r.ok) throw new Error('accepted');
      assert.is(r.violation.code, code);
      assert.is(r.violation.clause, clause);
      assert.is(r.violation.offset, offset);
    });
  }

  test('every raw file, wrapped or not, decodes without throwing', () => {
    const all = [
      ...names.map((n) => join(parsing, n)),
      ...(existsSync(transform) ? files(transform).map((n) => join(transform, n)) : []),
    ];
    for (const path of all) {
      const raw = readFileSync(path);
      for (const input of [raw, wrap(raw)]) {
        const r = decodeCanonical(input);
        if (!r.ok) assert.type(r.violation.code, 'string', path);
        else assert.equal([...encodeCanonical(r.value)], [...input], path);
      }
    }
  });

  test('the raw n_ files are all rejected', () => {
    const accepted = names.filter((n) => n.startsWith('n_') && decodeCanonical(readFileSync(join(parsing, n))).ok);
    assert.equal(accepted, []);
  });
}

test.run();
