import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { encodeCanonical } from '../canonical-json/encode-canonical.js';
import { checkedPrefix, fieldArrayBytes, largestFittingPrefix, nestedItemBytes } from './fit-result-bytes.js';

// Worked by hand from the canonical layout (KD-CANON-11..13):
//   {\n  "a": [\n    {\n      "b": 1\n    }\n  ]\n}\n  = 2 + 9 + 6 + 13 + 6 + 4 + 2 = 42 bytes
//   the item alone {\n  "b": 1\n}\n is 13 bytes with 3 LFs; nested: 12 + 4 * 3 = 24
//   the shell {\n  "a": []\n}\n is 14 bytes
test('nested item and field array sizes, worked by hand', () => {
  assert.is(nestedItemBytes({ b: 1 }), 24);
  assert.is(fieldArrayBytes(0, 0), 2);
  assert.is(fieldArrayBytes(1, 24), 30);
  assert.is(14 - 2 + fieldArrayBytes(1, 24), 42);
  assert.is(encodeCanonical({ a: [{ b: 1 }] }).length, 42);
});

test('the size model agrees with the encoder on two arrays of nested records', () => {
  const ops = [
    { x: 'é', y: [1, 2], z: { w: [] } },
    { x: '"quoted"\\', y: [], z: { w: ['a'] } },
    { x: '漢字', y: [3], z: { w: [{ deep: true }] } },
  ];
  const diags = [
    { id: 'd1', text: 'one' },
    { id: 'd2', text: 'two' },
  ];
  for (let k = 0; k <= ops.length; k++) {
    for (let m = 0; m <= diags.length; m++) {
      const doc = { diagnostics: diags.slice(0, m), head: 'h', operations: ops.slice(0, k), tail: false };
      const shell = encodeCanonical({ ...doc, diagnostics: [], operations: [] }).length;
      const opBytes = ops.slice(0, k).reduce((s, o) => s + nestedItemBytes(o), 0);
      const diagBytes = diags.slice(0, m).reduce((s, d) => s + nestedItemBytes(d), 0);
      const predicted = shell - 4 + fieldArrayBytes(k, opBytes) + fieldArrayBytes(m, diagBytes);
      assert.is(predicted, encodeCanonical(doc).length, `k=${k} m=${m}`);
    }
  }
});

test('largest prefix stops at the first row that breaks either cap', () => {
  const rows = [
    { bytes: 10, newDiagnostics: 1, newDiagnosticBytes: 5 },
    { bytes: 10, newDiagnostics: 0, newDiagnosticBytes: 0 },
    { bytes: 10, newDiagnostics: 2, newDiagnosticBytes: 10 },
  ];
  const base = { shellBytes: 100, baseDiagnostics: 0, baseDiagnosticBytes: 0, rows };
  // k=1: 100-4 + (10+2+4) + (5+2+4) = 123; k=2: 96 + 28 + 11 = 135; k=3: 96 + 40 + (15+6+4) = 161.
  assert.is(largestFittingPrefix({ ...base, maxBytes: 1000, maxDiagnostics: 256 }), 3);
  assert.is(largestFittingPrefix({ ...base, maxBytes: 161, maxDiagnostics: 256 }), 3);
  assert.is(largestFittingPrefix({ ...base, maxBytes: 160, maxDiagnostics: 256 }), 2);
  assert.is(largestFittingPrefix({ ...base, maxBytes: 135, maxDiagnostics: 256 }), 2);
  assert.is(largestFittingPrefix({ ...base, maxBytes: 134, maxDiagnostics: 256 }), 1);
  assert.is(largestFittingPrefix({ ...base, maxBytes: 122, maxDiagnostics: 256 }), 0);
  // Diagnostics 1, 1, 3 after each row: exactly at the cap fits.
  assert.is(largestFittingPrefix({ ...base, maxBytes: 1000, maxDiagnostics: 3 }), 3);
  assert.is(largestFittingPrefix({ ...base, maxBytes: 1000, maxDiagnostics: 2 }), 2);
  assert.is(largestFittingPrefix({ ...base, maxBytes: 1000, maxDiagnostics: 1 }), 2);
  assert.is(largestFittingPrefix({ ...base, maxBytes: 1000, maxDiagnostics: 0 }), 0);
});

// A prefix of k rows encoded as 10k bytes citing 3k diagnostics: within 30 bytes the largest prefix is 3 rows (30
// bytes, the cap reached, not passed), within 9 diagnostics 3 rows too (9, the cap).
const prefixOf = (k: number) => ({
  k,
  result: { diagnostics: new Array<number>(3 * k).fill(0) },
  bytes: new Uint8Array(10 * k),
});
const FAULT = /^kit fault: /;

test('checkedPrefix: the largest prefix within the byte cap, at the cap exactly; any other k is a fault', () => {
  const caps = { maxBytes: 30, maxDiagnostics: 100 };
  assert.is(checkedPrefix(5, 3, prefixOf, caps).k, 3);
  const thirdFits = /^kit fault: the prefix of 3 of 5 rows is within the caps, measured as not$/;
  assert.throws(() => checkedPrefix(5, 2, prefixOf, caps), thirdFits, 'a third row fits: 30 bytes, the cap');
  const fourthPasses = /^kit fault: the prefix of 4 of 5 rows measured within the caps is not$/;
  assert.throws(() => checkedPrefix(5, 4, prefixOf, caps), fourthPasses, '40 bytes pass the cap of 30');
  assert.is(checkedPrefix(5, 0, prefixOf, { maxBytes: 5, maxDiagnostics: 100 }).k, 0, 'no row fits in 5 bytes');
});

test('checkedPrefix: the largest prefix within the diagnostic cap, at it exactly; any other k is a fault', () => {
  const caps = { maxBytes: 1000, maxDiagnostics: 9 };
  assert.is(checkedPrefix(5, 3, prefixOf, caps).k, 3);
  assert.throws(() => checkedPrefix(5, 2, prefixOf, caps), FAULT);
  assert.throws(() => checkedPrefix(5, 4, prefixOf, caps), FAULT, '12 diagnostics pass the cap of 9');
});

test('checkedPrefix: with every row kept there is no further row to try', () => {
  // The prefix of 4 of 3 rows would be within the caps too; it is not a prefix, so it is not asked for.
  assert.is(checkedPrefix(3, 3, prefixOf, { maxBytes: 1000, maxDiagnostics: 100 }).k, 3);
});

test.run();
