/**
 * `kofun-ctk repro` writes a folder that reproduces one vector; `kofun-ctk fuzz` finds a
 * disagreement, shrinks it, writes it out as a vector set the runner accepts, and
 * replays exactly from its seed.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { liveGroupCount } from '../io/process-group.js';
import { brokenConfig, pickVector, runGateCli } from '../test-support/run-helpers.js';
import { runCli } from '../test-support/run-cli.js';

async function cli(argv: string[]): Promise<{ code: number; stdout: string }> {
  const r = await runCli(argv);
  return { code: r.code, stdout: r.stdout };
}

test('repro writes fixture, request, expected and actual bytes and the command', async () => {
  const v = pickVector('invalid vector', (x) => x.category === 'invalid');
  const dir = join(mkdtempSync(join(tmpdir(), 'kofun-ctk-repro-')), 'case');
  const r = await cli(['repro', v.id, '--config', brokenConfig('final-lf-missing'), '--dir', dir]);
  assert.is(r.code, 1);
  assert.equal([...readFileSync(join(dir, 'request.bin'))], [...v.request]);
  assert.equal([...readFileSync(join(dir, 'expected.json'))], [...v.expected]);
  const actual = readFileSync(join(dir, 'actual.bin'));
  assert.equal([...actual], [...v.expected.subarray(0, v.expected.length - 1)]);
  assert.ok(existsSync(join(dir, 'fixture.json')));
  assert.match(
    readFileSync(join(dir, 'command.txt'), 'utf8'),
    new RegExp(`run --config .* --id ${v.id.replace('/', '\\/')} --metamorphic 0`),
  );
  assert.is(liveGroupCount(), 0);
});

/** The query vectors of a written vector set: file paths under its category folders. */
function vectorFiles(folder: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' }).filter(
    (p) => p.endsWith('.json') && p !== 'manifest.json' && !p.startsWith('fixtures'),
  );
}

test('fuzz: the reference agrees with itself; a broken provider is shrunk, written out and replayed', async () => {
  // --write-cases writes every generated case as a vector set, though nothing disagrees, and the runner judges it.
  const cases = join(mkdtempSync(join(tmpdir(), 'kofun-ctk-fuzz-cases-')), 'cases');
  const ok = await cli(['fuzz', '--provider', 'reference', '--seed', '5', '--runs', '25', '--write-cases', cases]);
  assert.is(ok.code, 0, ok.stdout);
  assert.match(ok.stdout, /seed 5/);
  const written = Number(/(\d+) generated cases written as a vector set/.exec(ok.stdout)?.[1]);
  // 25 cases, a world asked twice giving two vectors.
  assert.ok(written >= 25, ok.stdout);
  assert.is(vectorFiles(cases).length, written);
  const replayed = await runGateCli(['--provider', 'reference', '--vectors', cases, '--metamorphic', '0']);
  assert.is(replayed.code, 0);
  assert.is(replayed.report?.vectors.length, written);
  // Into a folder that holds anything already, nothing is written.
  const full = await cli(['fuzz', '--provider', 'reference', '--seed', '5', '--runs', '2', '--write-cases', cases]);
  assert.is(full.code, 2);

  const out = mkdtempSync(join(tmpdir(), 'kofun-ctk-fuzz-'));
  const config = brokenConfig('non-canonical-layout');
  const badCases = join(out, '..', `${out.split('/').pop() ?? 'x'}-cases`);
  const bad = await cli([
    'fuzz',
    '--config',
    config,
    '--seed',
    '5',
    '--runs',
    '25',
    '--out',
    out,
    '--write-cases',
    badCases,
  ]);
  assert.is(bad.code, 1);
  // The cases generated before the shrink are written on a disagreement too: the first one already disagreed.
  assert.ok(vectorFiles(badCases).length >= 1, bad.stdout);
  const seed = /disagreement after shrinking \d+ times: seed (\d+), path ([0-9:]+)/.exec(bad.stdout);
  assert.ok(seed, bad.stdout);
  assert.match(bad.stdout, /layout only/);
  // The written vector set is judged by the runner like any other.
  const judged = await runGateCli(['--config', config, '--vectors', out, '--metamorphic', '0']);
  assert.is(judged.code, 1);
  assert.is(judged.report?.vectors[0]?.verdict, 'FAIL');
  // The printed seed and path replay the same minimal case.
  const again = mkdtempSync(join(tmpdir(), 'kofun-ctk-fuzz-'));
  const replay = await cli([
    'fuzz',
    '--config',
    config,
    '--seed',
    seed?.[1] ?? '',
    '--path',
    seed?.[2] ?? '',
    '--runs',
    '25',
    '--out',
    again,
  ]);
  assert.is(replay.code, 1);
  assert.match(replay.stdout, new RegExp(`seed ${seed?.[1] ?? ''}, path`));
  // The vector is filed under a contract category, named by seed and path.
  const id = /minimal case written as vector (\S+) in/.exec(bad.stdout)?.[1] ?? '';
  assert.match(id, new RegExp(`^(complete|partial|stale|invalid|limit)/fuzz-${seed?.[1] ?? ''}-[0-9a-f]{12}$`));
  const file = `${id}.json`;
  assert.is(readFileSync(join(again, file), 'utf8'), readFileSync(join(out, file), 'utf8'));
  assert.is(liveGroupCount(), 0);
});

test.run();
