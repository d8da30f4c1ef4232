import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { encodeCanonical } from '../canonical-json/encode-canonical.js';
import { fieldArrayBytes, largestFittingPrefix, nestedItemBytes } from './fit-result-bytes.js';

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

test.run();
