import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { prettyJson } from './pretty-json.js';

test('keys sorted at every level, two-space indentation, final LF', () => {
  const text = prettyJson({ b: 1, a: { d: [true, null], c: 'x' } });
  assert.is(text, '{\n  "a": {\n    "c": "x",\n    "d": [\n      true,\n      null\n    ]\n  },\n  "b": 1\n}\n');
});

test('equal values give equal text whatever the insertion order', () => {
  assert.is(prettyJson({ x: 1, y: { q: 2, p: 3 } }), prettyJson({ y: { p: 3, q: 2 }, x: 1 }));
});

test('strings keep non-ASCII literal and escape LF, quotes and control characters', () => {
  assert.is(prettyJson({ s: 'caf\u00e9 "\n\u0001' }), '{\n  "s": "caf\u00e9 \\"\\n\\u0001"\n}\n');
});

test('undefined members are left out', () => {
  assert.is(prettyJson({ a: undefined, b: [] }), '{\n  "b": []\n}\n');
});

test.run();
