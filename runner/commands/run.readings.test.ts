/**
 * Every phase accepts what the vectors accept (KD-ACCEPT-13): a provider that follows one of the register's
 * alternative readings (the reference oracle under `serve --reading`) gets ACCEPTABLE, never FAIL, on the vectors that
 * carry the alternative, on their fresh cases in renamed worlds, and in the fuzz phase, whose cases derive their
 * alternatives by the same code. KIT-12 A lists a public effect requirement that is not validated (L298, L300); OQ-03
 * B parses a layout-only deviation leniently; OQ-01 B names the first mismatching stale field in ASCII order of the
 * tokens, one member of OQ-01 C's other-stale-reason alternatives.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { kitQueryVectors, runGateCli, tsArgv } from '../test-support/run-helpers.js';

function readingConfig(reading: string): string {
  const path = join(mkdtempSync(join(tmpdir(), 'kofun-ctk-test-')), 'provider.json');
  const argv = [...tsArgv('runner/cli-entry.ts'), 'serve', '--reading', reading];
  writeFileSync(path, JSON.stringify({ name: `reference under ${reading}`, process: { argv, mode: 'persistent' } }));
  return path;
}

// Seed 2 of the fuzz phase reaches a general query over a public effect that is not validated within 70 cases
// (`kofun-ctk fuzz --provider reference --seed 2 --runs 70 --write-cases DIR` writes it with the alternative).
for (const [reading, entry, fuzzAlternative] of [
  ['KIT-12:A', 'KIT-12', 'non-validated-public-effects-listed'],
  ['OQ-03:B', 'OQ-03', undefined],
  ['OQ-01:B', 'OQ-01', undefined],
] as const) {
  test(`a provider on ${reading} passes the vectors, the fresh cases and the fuzz phase`, async () => {
    const ids = kitQueryVectors()
      .filter((v) => v.acceptable.some((a) => a.interpretation === entry))
      .map((v) => v.id);
    assert.ok(ids.length >= 3, `${entry} has vectors with its alternative`);
    const r = await runGateCli([
      '--config',
      readingConfig(reading),
      ...ids.flatMap((id) => ['--id', id]),
      '--metamorphic',
      '0',
      '--fresh',
      'all',
      '--seed',
      '3',
      '--fuzz',
      '70',
      '--fuzz-seed',
      '2',
      '--fuzz-out',
      mkdtempSync(join(tmpdir(), 'kofun-ctk-fuzz-')),
      '--sandbox',
      'off',
    ]);
    assert.is(r.code, 0, r.stdout + r.stderr);
    const report = r.report;
    assert.ok(report !== undefined);
    if (report === undefined) return;
    assert.is(report.counts.FAIL, 0);
    assert.ok(report.counts.ACCEPTABLE > 0, 'the vectors accept the reading by its alternative');
    for (const j of report.vectors) if (j.verdict === 'ACCEPTABLE') assert.is(j.acceptable.interpretation, entry);
    assert.is(report.fresh?.counts.FAIL ?? 0, 0);
    assert.ok((report.fresh?.counts.ACCEPTABLE ?? 0) > 0, 'the fresh cases accept it too');
    assert.is(report.fresh?.skipped ?? 0, 0, 'every vector gives its fresh case, its alternatives derived again');
    assert.is(report.fuzz?.outcome, 'passed');
    if (fuzzAlternative !== undefined)
      assert.ok((report.fuzz?.acceptable?.[fuzzAlternative] ?? 0) > 0, 'and the fuzz phase');
  });
}

test.run();
