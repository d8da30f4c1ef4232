/**
 * The switches the pipeline declares (readings.ts, ReadingSwitch) say where they run and what they run as the type
 * documents it: `where` is the module that declares the switch, `name` is a kebab-case name no other switch has, and
 * each runnable reading is `true` or the label of another reading the switch runs, whose register reading says why it
 * gives the same bytes (`same_bytes_because`). REPORT.md prints the name and module of every switch; `readingRun`
 * reports a reading of any other shape as giving the bytes of a reading that does not exist.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { kitRoot } from '../kit-root.js';
import { interpretationsRegister } from '../register/interpretations-register.js';
import { READING_SWITCHES } from './reading-switches.js';

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

test.run();
