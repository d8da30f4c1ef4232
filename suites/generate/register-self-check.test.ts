/**
 * The register checks itself (KD-ACCEPT-13): every entry that changes result bytes is switched, in memory, to each
 * other reading the oracle runs, and the vectors are answered again; some vector must change, or the reading gives
 * the chosen bytes on every input and the register says why (`same_bytes_because`). And a register switched to
 * another runnable reading generates other vectors, which is what `vectors check` then finds against the committed
 * ones.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { interpretationsRegister, kitVersion, readingsOf } from '../../oracle/index.js';
import { readTree, vectorsDir } from '../../runner/internal.js';
import { allCases } from '../all-cases.js';
import { generateVectors } from './generate-vectors.js';
import { readRenames, readStatedReadings } from './kit-registers.js';
import { READING_SWITCHES } from '../../oracle/internal.js';
import { readingEffects } from './reading-effects.js';
import { treeDifferences } from './check-vectors.js';

const register = interpretationsRegister();

test('every runnable reading changes some vector, or the register says why it cannot', () => {
  const effects = readingEffects(allCases(), register, { firstOnly: true });
  assert.ok(effects.length >= 20, `${effects.length} readings switched`);
  const failures: string[] = [];
  for (const e of effects) {
    const reading = register.find((r) => r.id === e.entry)?.readings.find((r) => r.label === e.label);
    const why = reading?.same_bytes_because;
    if (e.sameAs !== undefined) {
      if (why === undefined) failures.push(`${e.entry}:${e.label} gives ${e.sameAs}'s bytes but says no why`);
      if (e.changed.length > 0)
        failures.push(`${e.entry}:${e.label} claims ${e.sameAs}'s bytes but changes ${e.changed[0]}`);
    } else if (e.changed.length === 0)
      failures.push(
        `${e.entry}:${e.label} changes no vector (asked by ${e.asked} cases) and the register says not why`,
      );
  }
  assert.equal(failures, []);
});

test("the cases state their answers under the register's choices", () => {
  const stated = readStatedReadings();
  for (const [entry, label] of Object.entries(stated))
    assert.is(
      register.find((e) => e.id === entry)?.choice,
      label,
      `${entry}: switched without stating its cases again`,
    );
  // Every entry with a switch is stated.
  for (const s of READING_SWITCHES) assert.ok(stated[s.entry] !== undefined, s.entry);
});

test('a register switched to another runnable reading generates other vectors, which vectors check finds', () => {
  const at = register.findIndex((e) => e.id === 'OQ-01');
  const switched = register.map((e, i) => (i === at ? { ...e, choice: 'B' } : e));
  const read = readingsOf(switched);
  assert.ok(read.ok);
  if (!read.ok) return;
  const queries = allCases().filter((c) => c.id.startsWith('stale/'));
  const set = generateVectors(queries, {
    oracleVersion: kitVersion(),
    renames: readRenames(),
    register: switched,
    readings: read.readings,
  });
  const committed = new Map(
    [...readTree(vectorsDir())].filter(([path]) => set.files.has(path) && path !== 'manifest.json'),
  );
  const generated = new Map([...set.files].filter(([path]) => committed.has(path)));
  const differing = treeDifferences(generated, committed).map((line) => line.split(':')[0]);
  // A (table order): source, interface set, generation, semantic compatibility. B (ASCII order of the tokens):
  // generation, interface set, semantic compatibility, source. A pair answers otherwise exactly when the two orders
  // put it the other way round: source with any other field, and interface set with generation.
  for (const pair of ['source-and-interface-set', 'source-and-generation', 'source-and-semantic-compatibility'])
    assert.ok(differing.includes(`vectors/stale/combined-${pair}.json`), pair);
  assert.ok(differing.includes('vectors/stale/combined-interface-set-and-generation.json'));
  assert.not.ok(differing.includes('vectors/stale/combined-interface-set-and-semantic-compatibility.json'));
  assert.not.ok(differing.includes('vectors/stale/combined-generation-and-semantic-compatibility.json'));
  assert.not.ok(differing.includes('vectors/stale/combined-wrong-file-and-source.json'));
  assert.not.ok(differing.includes('vectors/stale/wrong-file.json'));
});

test.run();
