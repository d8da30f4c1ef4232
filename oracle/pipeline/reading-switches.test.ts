/**
 * The switches the pipeline declares (readings.ts, ReadingSwitch) say where they run and what they run as the type
 * documents it: `where` is the module that declares the switch, `name` is a kebab-case name no other switch has, and
 * each runnable reading is `true` or the label of another reading the switch runs, whose register reading says why it
 * gives the same bytes (`same_bytes_because`). REPORT.md prints the name and module of every switch; `readingRun`
 * reports a reading of any other shape as giving the bytes of a reading that does not exist.
 *
 * How the oracle runs each reading (`readingRun`, `runnableLabels`), which register choices it can follow
 * (`readingsOf`, KD-ACCEPT-13), and which `--reading` names it answers under (`readingsNamed`): the expected values are
 * read by hand from oracle/interpretations.json (the entries' readings, choices and `same_bytes_because`) and from the
 * switches' documented readings.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { kitRoot } from '../kit-root.js';
import { interpretationsRegister, type RegisterEntry } from '../register/interpretations-register.js';
import {
  kitReadings,
  READING_SWITCHES,
  readingRun,
  readingsNamed,
  readingsOf,
  readingSwitch,
  runnableLabels,
} from './reading-switches.js';
import { REQUEST_LAYOUT, STALE_REASON_ORDER } from './step-1-validate-request.js';
import { registerEntry } from '../test-support/register-entry.js';

test('every switch names the module that declares it, by a kebab-case name of its own', () => {
  const names = new Set<string>();
  for (const s of READING_SWITCHES) {
    assert.match(s.where, /^oracle\/pipeline\/[a-z0-9-]+\.ts$/, `${s.entry} where`);
    const source = readFileSync(join(kitRoot(), s.where), 'utf8');
    assert.ok(source.includes(`entry: '${s.entry}'`), `${s.where} declares no switch of ${s.entry}`);
    assert.match(s.name, /^[a-z0-9]+(-[a-z0-9]+)*$/, `${s.entry} name`);
    assert.ok(source.includes(`name: '${s.name}'`), `${s.where} declares no switch named ${s.name}`);
    assert.not.ok(names.has(s.name), `${s.name} twice`);
    names.add(s.name);
  }
});

test('each runnable reading runs, or gives the bytes of a reading that runs and the register says why', () => {
  const register = interpretationsRegister();
  for (const s of READING_SWITCHES) {
    const entry = register.find((e) => e.id === s.entry);
    assert.ok(entry !== undefined, `${s.entry} is not in the register`);
    for (const [label, runs] of Object.entries(s.runs)) {
      const reading = entry?.readings.find((r) => r.label === label);
      assert.ok(reading !== undefined, `${s.entry} has no reading ${label}`);
      if (runs === true) continue;
      assert.is(typeof runs, 'string', `${s.entry}:${label} runs ${String(runs)}`);
      assert.is(s.runs[runs], true, `${s.entry}:${label} gives the bytes of ${runs}, which the switch does not run`);
      assert.ok((reading?.same_bytes_because ?? '') !== '', `${s.entry}:${label} gives ${runs}'s bytes, says not why`);
    }
  }
});

// OQ-01 C's members are the stale reasons of the key fields after the FileId, in AnalysisKey table order (L85-90).
const STALE_REASONS = ['stale-source', 'stale-interface-set', 'stale-generation', 'stale-semantic-compatibility'];

test('readingRun: a switch runs a reading, gives the bytes of another, or enumerates a rule; one reading else', () => {
  assert.equal(readingRun('OQ-03', 'A'), { kind: 'runs' });
  assert.equal(readingRun('OQ-03', 'B'), { kind: 'runs' });
  assert.equal(readingRun('OQ-03', 'C'), { kind: 'cannot' });
  // The register says why these give another reading's bytes (same_bytes_because).
  assert.equal(readingRun('OQ-11', 'C'), { kind: 'same-as', as: 'A' });
  assert.equal(readingRun('OQ-11', 'B'), { kind: 'cannot' });
  assert.equal(readingRun('OQ-31', 'A'), { kind: 'same-as', as: 'B' });
  assert.equal(readingRun('OQ-31', 'B'), { kind: 'runs' });
  assert.equal(readingRun('OQ-01', 'C'), { kind: 'rule', members: STALE_REASONS });
  assert.equal(readingRun('OQ-01', 'B'), { kind: 'runs' });
  // Entries without a switch run their register choice only: OQ-04 A, OQ-19 D.
  assert.equal(readingRun('OQ-04', 'A'), { kind: 'runs' });
  assert.equal(readingRun('OQ-04', 'B'), { kind: 'cannot' });
  assert.equal(readingRun('OQ-19', 'D'), { kind: 'runs' });
  assert.equal(readingRun('OQ-19', 'A'), { kind: 'cannot' });
  assert.equal(readingRun('OQ-99', 'A'), { kind: 'cannot' });
  assert.is(readingSwitch('OQ-03'), REQUEST_LAYOUT);
  assert.is(readingSwitch('OQ-04'), undefined);
  // Labels in order, whatever order a switch declares them in (OQ-31 declares B first).
  assert.equal(runnableLabels('OQ-31'), ['A', 'B']);
  assert.equal(runnableLabels('OQ-10'), ['A', 'B', 'C']);
  assert.equal(runnableLabels('OQ-04'), ['A']);
  assert.equal(runnableLabels('OQ-99'), []);
});

const ENTRY = registerEntry('OQ-03', 'KD-CANON-02', 'B');
const unchanged = { changes_result_bytes: false, unchanged_bytes_reason: 'r' };

test('readingsOf follows each choice it can run, and refuses each other choice that changes bytes by pointer', () => {
  const followed = readingsOf([
    ENTRY,
    { ...ENTRY, id: 'OQ-04', choice: 'A' },
    { ...ENTRY, id: 'OQ-11', choice: 'C' },
    { ...ENTRY, id: 'KIT-98', choice: 'Z', ...unchanged },
  ]);
  assert.ok(followed.ok);
  if (!followed.ok) return;
  assert.equal(followed.readings.reading('OQ-03'), { label: 'B' });
  assert.equal(followed.readings.reading('KIT-98'), { label: 'Z' }, 'an entry that changes no bytes is followed as is');
  assert.is(followed.readings.of(REQUEST_LAYOUT), 'B');
  assert.equal(followed.readings.names(), ['OQ-03:B', 'OQ-04:A', 'OQ-11:C', 'KIT-98:Z']);

  const refused = readingsOf([
    { ...ENTRY, id: 'OQ-99' },
    { ...ENTRY, id: 'OQ-04', choice: 'A' },
    { ...ENTRY, choice: 'C' },
    { ...ENTRY, id: 'KIT-98', ...unchanged },
    { ...ENTRY, id: 'OQ-01', choice: 'C' },
    { ...ENTRY, id: 'OQ-31', choice: 'C' },
    { ...ENTRY, id: 'OQ-04', choice: 'B' },
  ]);
  assert.not.ok(refused.ok);
  if (refused.ok) return;
  assert.equal(refused.problems, [
    {
      entry: 'OQ-99',
      pointer: '/entries/0/choice',
      message: 'OQ-99 changes result bytes, but the oracle has no code for it',
    },
    {
      entry: 'OQ-03',
      pointer: '/entries/2/choice',
      message: 'OQ-03 chooses C, which the oracle cannot run (it runs A, B)',
    },
    {
      entry: 'OQ-01',
      pointer: '/entries/4/choice',
      message: 'OQ-01 chooses C, an acceptance rule that names no single answer, so it cannot be law',
    },
    {
      entry: 'OQ-31',
      pointer: '/entries/5/choice',
      message: 'OQ-31 chooses C, which the oracle cannot run (it runs A, B)',
    },
    {
      entry: 'OQ-04',
      pointer: '/entries/6/choice',
      message: 'OQ-04 chooses B, which the oracle cannot run (it runs A)',
    },
  ]);
});

// Runs before anything reads kitReadings() in this file: the kit's readings are read once, and only when they follow.
test("a kit register whose choice the oracle cannot run is a kit fault naming each entry's pointer", () => {
  const register = interpretationsRegister() as RegisterEntry[];
  const changed = [
    ['OQ-03', 'C'],
    ['OQ-04', 'B'],
  ].map(([id, choice]) => {
    const index = register.findIndex((e) => e.id === id);
    const entry = register[index] as RegisterEntry;
    const kept = entry.choice;
    entry.choice = choice as string;
    return { index, entry, kept };
  });
  try {
    const [oq03, oq04] = changed.map((c) => c.index);
    assert.throws(
      () => kitReadings(),
      (e: Error) =>
        e.message ===
        'kit fault: oracle/interpretations.json: ' +
          `/entries/${oq03}/choice: OQ-03 chooses C, which the oracle cannot run (it runs A, B); ` +
          `/entries/${oq04}/choice: OQ-04 chooses B, which the oracle cannot run (it runs A)`,
    );
  } finally {
    for (const c of changed) c.entry.choice = c.kept;
  }
});

test("the kit's readings are its register's choices, read once", () => {
  const kit = kitReadings();
  assert.is(kitReadings(), kit, 'read once');
  for (const e of interpretationsRegister()) assert.equal(kit.reading(e.id), { label: e.choice }, e.id);
  assert.ok(readingsOf(interpretationsRegister()).ok);
});

test('--reading names: ENTRY:LABEL or ENTRY:LABEL/MEMBER of a runnable reading, else refused with what runs', () => {
  const named = readingsNamed(kitReadings(), ['OQ-03:B', 'OQ-01:C/stale-generation', 'OQ-31:A', 'KIT-12:A']);
  assert.ok(named.ok);
  if (!named.ok) return;
  assert.equal(named.readings.reading('OQ-03'), { label: 'B' });
  assert.equal(named.readings.reading('OQ-01'), { label: 'C', member: 'stale-generation' });
  assert.is(named.readings.member(STALE_REASON_ORDER), 'stale-generation');
  assert.equal(named.readings.reading('OQ-31'), { label: 'A' });
  assert.equal(named.readings.reading('KIT-12'), { label: 'A' });
  assert.equal(kitReadings().reading('OQ-03'), { label: 'A' }, 'the base readings are not changed');
  assert.equal(readingsNamed(kitReadings(), []), { ok: true, readings: kitReadings() });
  const refusal = (name: string) => readingsNamed(kitReadings(), ['OQ-03:B', name]);
  const runsOq03 = '; the oracle runs OQ-03:A, OQ-03:B';
  const runsOq01 = `; the oracle runs OQ-01:A, OQ-01:B, ${STALE_REASONS.map((r) => `OQ-01:C/${r}`).join(', ')}`;
  const shape = ' (ENTRY:LABEL, e.g. KIT-12:A)';
  const cases: [string, string][] = [
    ['OQ-03:C', `no runnable reading "OQ-03:C"${runsOq03}`],
    ['OQ-31:C', 'no runnable reading "OQ-31:C"; the oracle runs OQ-31:A, OQ-31:B'],
    ['OQ-04:B', 'no runnable reading "OQ-04:B"; the oracle runs OQ-04:A'],
    ['OQ-99:A', 'no runnable reading "OQ-99:A"'],
    ['OQ-01:C', `no runnable reading "OQ-01:C"${runsOq01}`],
    ['OQ-01:C/stale-file', `no runnable reading "OQ-01:C/stale-file"${runsOq01}`],
    ['OQ-01:A/stale-source', `no runnable reading "OQ-01:A/stale-source"${runsOq01}`],
    ['OQ-03', `no runnable reading "OQ-03"${shape}`],
    ['OQ-3:B', `no runnable reading "OQ-3:B"${shape}`],
    ['OQ-003:B', `no runnable reading "OQ-003:B"${shape}`],
    ['OQ-03:b', `no runnable reading "OQ-03:b"${shape}`],
    ['OQ-03:BB', `no runnable reading "OQ-03:BB"${shape}`],
    ['xOQ-03:B', `no runnable reading "xOQ-03:B"${shape}`],
    ['OQ-03:B ', `no runnable reading "OQ-03:B "${shape}`],
    ['OQ-01:C/', `no runnable reading "OQ-01:C/"${shape}`],
    ['OQ-01:C/Stale-source', `no runnable reading "OQ-01:C/Stale-source"${shape}`],
    ['XQ-03:B', `no runnable reading "XQ-03:B"${shape}`],
  ];
  for (const [name, message] of cases) assert.equal(refusal(name), { ok: false, message }, name);
});

test.run();
