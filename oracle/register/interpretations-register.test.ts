import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  interpretationsRegister,
  readInterpretationsRegister,
  registerRefusal,
  type RegisterRead,
} from './interpretations-register.js';

/** Reads `text` as a register file from a fresh folder. */
function readText(text: string): RegisterRead {
  const dir = mkdtempSync(join(tmpdir(), 'kofun-ctk-register-'));
  try {
    const path = join(dir, 'interpretations.json');
    writeFileSync(path, text);
    return readInterpretationsRegister(path);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// One entry with every field the schema requires (kofun.ctk.interpretations/v1, KD-ACCEPT-13).
const ENTRY = {
  id: 'KIT-01',
  title: 't',
  question: 'q',
  clauses: ['KD-ACCEPT-13'],
  readings: [{ label: 'A', text: 'a', contract_allows: true, lines: ['L1'], fails_closed: true }],
  choice: 'A',
  why: 'w',
  notes: [],
  fails_closed: true,
  alternative_outcome: null,
  changes_result_bytes: true,
};
const FORMAT = 'kofun.ctk.interpretations/v1';

test('a register of the schema is read entry by entry', () => {
  const read = readText(JSON.stringify({ format: FORMAT, entries: [ENTRY] }));
  assert.ok(read.ok);
  if (read.ok) assert.equal(read.entries, [ENTRY]);
});

test('a duplicate key is refused as data, with its byte offset and pointer, before the schema is consulted', () => {
  // {"format":"<28 bytes>","format":…: "{" is byte 0, the key 1..8, ":" 9, the quoted value 10..39, "," 40, so the
  // second "format" opens at byte 41.
  const text = `{"format":"${FORMAT}","format":"${FORMAT}","entries":[]}`;
  const read = readText(text);
  assert.ok(!read.ok && 'problem' in read);
  if (!read.ok && 'problem' in read) {
    assert.is(read.problem.code, 'duplicate-key');
    assert.is(read.problem.offset, 41);
    assert.is(read.problem.pointer, '/format');
  }
});

test('an entry missing a field the schema requires is refused with the pointer of the field', () => {
  const { why: _why, ...withoutWhy } = ENTRY;
  const read = readText(JSON.stringify({ format: FORMAT, entries: [withoutWhy] }));
  assert.ok(!read.ok && 'violations' in read);
  if (!read.ok) assert.match(registerRefusal(read), /interpretations\.json: \/entries\/0\/why: required key missing$/);
});

test('what the schema cannot say is refused at its JSON pointer: labels, choices, alternatives, ids', () => {
  const two = (label: string) => ({ ...ENTRY.readings[0], label });
  const entries = [
    { ...ENTRY, readings: [two('A'), two('A')] },
    { ...ENTRY, id: 'KIT-02', choice: 'Z' },
    { ...ENTRY, id: 'KIT-03', alternative_outcome: { name: 'alt', reading: 'Q', text: 't' } },
    { ...ENTRY, id: 'KIT-04', readings: [{ ...two('A'), open_set: true }] },
    { ...ENTRY, id: 'KIT-02' },
  ];
  const read = readText(JSON.stringify({ format: FORMAT, entries }));
  assert.ok(!read.ok && 'violations' in read);
  if (read.ok || !('violations' in read)) return;
  assert.equal(
    read.violations.map((v) => [v.code, v.pointer]),
    [
      ['duplicate-reading-label', '/entries/0/readings/1/label'],
      ['choice-names-no-reading', '/entries/1/choice'],
      ['alternative-names-no-reading', '/entries/2/alternative_outcome/reading'],
      ['choice-names-no-single-answer', '/entries/3/choice'],
      ['duplicate-entry-id', '/entries/4/id'],
    ],
  );
});

test("the kit's own register is read, and every entry's choice is one of its readings", () => {
  const entries = interpretationsRegister();
  assert.ok(entries.length > 0);
  for (const e of entries)
    assert.ok(
      e.readings.some((r) => r.label === e.choice),
      e.id,
    );
});

test.run();
