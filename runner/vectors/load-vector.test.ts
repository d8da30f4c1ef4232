import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createHash } from 'node:crypto';
import { type JsonObject } from '../../oracle/index.js';
import { encodeFixtureJson } from '../../oracle/internal.js';
import { multilineWorld } from '../../suites/fixtures/multiline-world.js';
import { loadFixtureBytes } from './load-vector.js';

const utf8 = new TextEncoder();
const text = (bytes: Uint8Array): string => new TextDecoder().decode(bytes);

test('a fixture file with \\r\\n and \\t escapes in file.source loads; offsets count those bytes (KIT-21)', () => {
  const file = encodeFixtureJson(multilineWorld('crlf') as unknown as JsonObject);
  // The source ends in CR LF, then the world's facts trailer (KIT-25).
  assert.ok(text(file).includes('\\r\\nlet label = caf\u00e9.to_upper();\\r\\n // kofun-ctk current-file facts '));
  const r = loadFixtureBytes(file);
  if (!r.ok) throw new Error(r.message);
  assert.is(r.fixture.fixtureSha256, createHash('sha256').update(file).digest('hex'));
  // Line 1 is 29 bytes, line 2 is 16 bytes, each line end is CR LF; "let label = " is 12 bytes.
  assert.equal(r.fixture.occurrences[0]?.span, { start: 29 + 2 + 16 + 2 + 12, end: 29 + 2 + 16 + 2 + 12 + 5 });
  assert.equal([...r.fixture.sourceBytes.subarray(29, 31)], [0x0d, 0x0a]);
});

test(
  'a fixture file with another spelling of the same escape is refused: ' +
    'its bytes are not the fixture file encoding',
  () => {
    const file = text(encodeFixtureJson(multilineWorld('lf') as unknown as JsonObject));
    const r = loadFixtureBytes(utf8.encode(file.replace('\\nlet', '\\u000alet')));
    assert.ok(!r.ok);
    assert.ok(!r.ok && r.message.includes('KIT-21'), !r.ok ? r.message : '');
  },
);

test('a raw LF inside a fixture string and a control escape outside file.source are refused', () => {
  const file = text(encodeFixtureJson(multilineWorld('lf') as unknown as JsonObject));
  const broken = utf8.encode(file.replace('\\nlet label', '\nlet label'));
  const raw = loadFixtureBytes(broken);
  // The escape on line 1 comes first, so the strict decoder stops there; JSON itself forbids the raw LF, and the
  // refusal names the byte where the string holding it (file.source) starts.
  const lf = Buffer.from(broken).indexOf('\nlet label');
  const stringStart = Buffer.from(broken).lastIndexOf('"source": "', lf) + '"source": '.length;
  assert.ok(!raw.ok && raw.message.includes(`byte ${stringStart}: syntax error`), !raw.ok ? raw.message : 'loaded');
  const description = loadFixtureBytes(
    utf8.encode(file.replace('"description": "A Text', '"description": "\\nA Text')),
  );
  assert.ok(
    !description.ok && description.message.includes('/description'),
    !description.ok ? description.message : 'loaded',
  );
});

test.run();
