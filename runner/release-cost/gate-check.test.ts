import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { kitRoot, type GateCheck } from '../../oracle/internal.js';
import { runGateCheck } from './gate-check.js';
import { referenceBuild } from './reference-build.js';
import { findFaketime } from './find-faketime.js';
import type { BuildContext } from './build-once.js';

const root = mkdtempSync(join(tmpdir(), 'kofun-ctk-gate-check-test-'));
const vectors = join(kitRoot(), 'vectors');
const emptySource = JSON.parse(readFileSync(join(vectors, 'release-cost', 'empty-source.json'), 'utf8')) as {
  fixture_sha256: string;
};
const fixturePath = join(vectors, 'fixtures', `${emptySource.fixture_sha256}.json`);
// "built at: " is 10 bytes, so the stamped time starts at offset 10.
const CHECK: GateCheck = {
  defect: 'embed-build-time',
  finding: 'NONDETERMINISTIC',
  clause: 'KD-RELEASE-03',
  hint: { variation: 'time', entry: 'BUILD-INFO', offset: 10 },
};
let n = 0;

function context(): { ctx: BuildContext; control: string; variant: string } {
  const base = join(root, `run${n++}`);
  const control = join(base, 'control');
  const variant = join(base, 'variant');
  mkdirSync(control, { recursive: true });
  mkdirSync(variant, { recursive: true });
  const ctx: BuildContext = {
    source: null,
    artifact: null,
    timeoutMs: 60_000,
    env: {},
    extra: [{ name: 'fixture', value: fixturePath, envVar: 'KOFUN_CTK_FIXTURE' }],
    snapshotDir: join(base, 'artifacts'),
  };
  return { ctx, control, variant };
}

test(
  'the defect stamps "built at: " and the UTC time to the second into BUILD-INFO, ' + 'beside the normal files',
  async () => {
    const out = join(root, 'stamped');
    const r = await referenceBuild({
      fixturePath,
      profile: 'without-support',
      outDir: out,
      defect: 'embed-build-time',
    });
    assert.ok(r.ok);
    const text = readFileSync(join(out, 'BUILD-INFO'), 'utf8');
    assert.match(text, /^built at: \d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z\n$/);
    const plain = join(root, 'plain');
    assert.ok((await referenceBuild({ fixturePath, profile: 'without-support', outDir: plain })).ok);
    assert.equal(
      readdirSync(out)
        .filter((f) => f !== 'BUILD-INFO')
        .sort(),
      readdirSync(plain).sort(),
    );
    const bad = await referenceBuild({
      fixturePath,
      profile: 'without-support',
      outDir: join(root, 'bad'),
      defect: 'other',
    });
    assert.equal(bad, { ok: false, message: 'unknown defect; expected embed-build-time' });
  },
);

test('without faketime, or without the variant build, the check says it was not run and claims nothing', async () => {
  const { ctx, control, variant } = context();
  const noClock = await runGateCheck(CHECK, ctx, control, variant, undefined, null);
  assert.equal(noClock, {
    violations: [],
    lines: [
      'gate check (a reference build that embeds its build time): not run, ' +
        'the clock was not varied (faketime not found on PATH)',
    ],
  });
  const noVariant = await runGateCheck(CHECK, ctx, control, null);
  assert.equal(noVariant.lines, [
    'gate check (a reference build that embeds its build time): not run, the variant build is off',
  ]);
});

test(
  'with faketime the shifted clock makes the stamped builds differ, ' + 'and the time is named at BUILD-INFO offset 10',
  async () => {
    const faketime = findFaketime();
    if (faketime === null) {
      console.log('faketime is not installed here: the caught case was not exercised');
      return;
    }
    const { ctx, control, variant } = context();
    const r = await runGateCheck(CHECK, ctx, control, variant, undefined, faketime);
    assert.equal(r.violations, [], r.lines.join('\n'));
    assert.is(
      r.lines[0],
      'gate check (a reference build that embeds its build time): caught, NONDETERMINISTIC, ' +
        'the time at BUILD-INFO offset 10 on both sides',
    );
    assert.match(r.lines.join('\n'), 'cause: the time leaked into BUILD-INFO at offset 10 (0xa) in A, 10 (0xa) in B');
  },
);

test.after(() => rmSync(root, { recursive: true, force: true }));

test.run();
