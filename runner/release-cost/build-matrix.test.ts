import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { formatMatrix, matrixVerdictLine, runBuildMatrix, type MatrixResult } from './build-matrix.js';
import type { EntryDifference } from './compare-artifacts.js';
import { main } from '../cli.js';
import { variantBuildCommands, variantBuildConfig } from '../test-support/variant-build.js';

const root = mkdtempSync(join(tmpdir(), 'kofun-ctk-matrix-test-'));
const HEADER = 'kofun test artifact\n'; // 20 bytes, the first line of notes.txt

function difference(r: MatrixResult, label: string, path: string): EntryDifference {
  const c = r.comparisons.find((x) => x.label.startsWith(label));
  const d = c?.comparison.different.find((x) => x.path === path);
  if (d === undefined) throw new Error(`${label}: no difference in ${path}:\n${formatMatrix(r).join('\n')}`);
  return d;
}

function commonPrefix(a: string, b: string): number {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  let i = 0;
  while (i < x.length && i < y.length && x[i] === y[i]) i++;
  return i;
}

const roots = (r: MatrixResult): [string, string] => [
  r.variations[0]?.v.buildRoot ?? '',
  r.variations[1]?.v.buildRoot ?? '',
];

test('a reproducible build with a wired switch passes: A1 = A2, A1 = B, A1 != C', async () => {
  const r = await runBuildMatrix(variantBuildConfig('none'), { workDir: root });
  assert.is(r.verdict, 'PASS', formatMatrix(r).join('\n'));
  assert.equal(r.findings, []);
  assert.equal(
    r.comparisons.map((c) => c.comparison.identical),
    [true, true, false],
  );
  assert.is(matrixVerdictLine(r), 'verdict: PASS (A1 = A2, A1 = B, A1 != C)');
  const text = formatMatrix(r).join('\n');
  // The variations are printed beside both environments.
  assert.match(text, /TZ\s+UTC\s+Pacific\/Kiritimati/);
  assert.match(text, /LANG, LC_ALL\s+C\.UTF-8\s+fr_FR\.UTF-8/);
  assert.match(text, /umask\s+0022\s+0077/);
  assert.match(text, /SOURCE_DATE_EPOCH \(pin\)\s+1700000000\s+1700000000/);
  // Build folders are removed afterwards.
  assert.not.ok(existsSync(roots(r)[0]));
});

test('a build that embeds its build path is NONDETERMINISTIC at the hand-computed offset', async () => {
  const r = await runBuildMatrix(variantBuildConfig('path'), { workDir: root });
  assert.is(r.verdict, 'FAIL');
  assert.equal(r.findings, ['NONDETERMINISTIC']);
  const [a1, a2] = roots(r);
  const d = difference(r, 'A1 vs A2', 'notes.txt');
  assert.is(d.first?.offset, Buffer.byteLength(`${HEADER}built in: `) + commonPrefix(join(a1, 'src'), join(a2, 'src')));
  assert.is(d.first?.text?.line, 2);
  assert.is(matrixVerdictLine(r), 'verdict: FAIL NONDETERMINISTIC');
});

test('a build that embeds the time is NONDETERMINISTIC on line 2 of notes.txt', async () => {
  const r = await runBuildMatrix(variantBuildConfig('time'), { workDir: root });
  assert.equal(r.findings, ['NONDETERMINISTIC']);
  const d = difference(r, 'A1 vs A2', 'notes.txt');
  assert.ok((d.first?.offset ?? 0) >= Buffer.byteLength(`${HEADER}built at: `));
  assert.is(d.first?.text?.line, 2);
});

test('a build that embeds the locale differs at offset 28 (C vs f)', async () => {
  const r = await runBuildMatrix(variantBuildConfig('locale'), { workDir: root });
  assert.equal(r.findings, ['NONDETERMINISTIC']);
  const d = difference(r, 'A1 vs A2', 'notes.txt');
  // 20 header bytes + "locale: " (8).
  assert.is(d.first?.offset, 28);
  assert.is(d.first?.aByte, 0x43);
  assert.is(d.first?.bByte, 0x66);
  assert.match(formatMatrix(r).join('\n'), "first difference at offset 28 (0x1c): A 0x43 'C', B 0x66 'f'");
});

test('a build whose file mode follows the umask differs in mode, and in content at offset 39', async () => {
  const r = await runBuildMatrix(variantBuildConfig('umask'), { workDir: root });
  assert.equal(r.findings, ['NONDETERMINISTIC']);
  const data = difference(r, 'A1 vs A2', 'data.txt');
  assert.equal(data.aspects, ['mode']);
  assert.is(data.a.mode, 0o644);
  assert.is(data.b.mode, 0o600);
  // 20 header bytes + "mode of data.txt: " (18) + "6": then "4" vs "0".
  assert.is(difference(r, 'A1 vs A2', 'notes.txt').first?.offset, 39);
  assert.match(formatMatrix(r).join('\n'), 'mode: A 0644, B 0600');
});

test('a build that embeds HOME differs where the two HOME paths part', async () => {
  const r = await runBuildMatrix(variantBuildConfig('home'), { workDir: root });
  assert.equal(r.findings, ['NONDETERMINISTIC']);
  const home1 = r.variations[0]?.v.home ?? '';
  const home2 = r.variations[1]?.v.home ?? '';
  assert.is(
    difference(r, 'A1 vs A2', 'notes.txt').first?.offset,
    Buffer.byteLength(`${HEADER}home: `) + commonPrefix(home1, home2),
  );
});

test('discovery metadata in the support-disabled build is a FEATURE-FOOTPRINT at offset 44 of app.bin', async () => {
  const r = await runBuildMatrix(variantBuildConfig('discovery-in-disabled'), { workDir: root });
  assert.equal(r.findings, ['FEATURE-FOOTPRINT']);
  const d = difference(r, 'A1 vs B', 'app.bin');
  // "KOFUN-TEST-MODULE v1\n" (21) + "body: 0123456789abcdef\n" (23).
  assert.is(d.first?.offset, 44);
  assert.is(d.first?.aByte, null);
  assert.match(formatMatrix(r).join('\n'), 'KD-RELEASE-02');
});

test('an unwired switch (C = A1) is refused: SWITCH-NOT-WIRED, never PASS', async () => {
  const r = await runBuildMatrix(variantBuildConfig('unwired'), { workDir: root });
  assert.is(r.verdict, 'FAIL');
  assert.equal(r.findings, ['SWITCH-NOT-WIRED']);
  assert.is(matrixVerdictLine(r), 'verdict: FAIL SWITCH-NOT-WIRED');
  assert.match(formatMatrix(r).join('\n'), 'the gate refuses to pass');
});

test('a failing build is an ERROR naming the build; a hung build is killed with its process group', async () => {
  const failed = await runBuildMatrix(variantBuildConfig('fail'), { workDir: root });
  assert.is(failed.verdict, 'ERROR');
  assert.is(matrixVerdictLine(failed), 'verdict: ERROR build A1 (without_support) exited with status 3');
  const pidFile = join(root, 'grandchild.pid');
  const hung = variantBuildConfig('hang', 800);
  hung.commands.without_support = [...hung.commands.without_support, '--pid-file', pidFile];
  const r = await runBuildMatrix(hung, { workDir: root });
  assert.is(r.verdict, 'ERROR');
  assert.match(matrixVerdictLine(r), 'timed out and was killed');
  const pid = Number(readFileSync(pidFile, 'utf8'));
  // Killed means gone, or a zombie (state Z) waiting for whichever process adopts it to reap it.
  const running = (): boolean => {
    try {
      return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0] !== 'Z';
    } catch {
      return false;
    }
  };
  let alive = running();
  for (let i = 0; i < 40 && alive; i++) {
    await new Promise((res) => setTimeout(res, 25));
    alive = running();
  }
  assert.not.ok(alive, 'the grandchild left in the build group was killed');
});

test('release-cost --matrix: a configuration file, a copied source folder, exit codes 0 and 1', async () => {
  const src = join(root, 'project');
  mkdirSync(src);
  writeFileSync(join(src, 'input.txt'), 'from the source folder\n');
  const write = (name: string, leak: string): string => {
    const file = join(root, name);
    writeFileSync(
      file,
      JSON.stringify({
        schema: 'kofun.ctk.release-build/v1',
        source: 'project',
        artifact: null,
        timeout_ms: 20000,
        commands: variantBuildCommands(leak),
      }),
    );
    return file;
  };
  const run = async (args: string[]): Promise<{ code: number; out: string }> => {
    const stdout = new PassThrough();
    let out = '';
    stdout.on('data', (c: Buffer) => (out += c.toString('utf8')));
    const code = await main(args, { stdin: new PassThrough(), stdout, stderr: new PassThrough(), cwd: root, env: {} });
    return { code, out };
  };
  const ok = await run(['release-cost', '--matrix', write('good.json', 'none'), '--manifest', 'matrix.json']);
  assert.is(ok.code, 0, ok.out);
  assert.is(ok.out.trimEnd().split('\n').at(-1), 'verdict: PASS (A1 = A2, A1 = B, A1 != C)');
  const manifest = JSON.parse(readFileSync(join(root, 'matrix.json'), 'utf8')) as {
    verdict: string;
    artifacts: { label: string }[];
  };
  assert.is(manifest.verdict, 'PASS');
  assert.equal(
    manifest.artifacts.map((a) => a.label),
    ['A1 (without_support)', 'A2 (without_support)', 'B (support_disabled)', 'C (discovery_enabled)'],
  );
  const leaky = await run(['release-cost', '--matrix', write('leaky.json', 'locale')]);
  assert.is(leaky.code, 1);
  assert.is(leaky.out.trimEnd().split('\n').at(-1), 'verdict: FAIL NONDETERMINISTIC');
  writeFileSync(
    join(root, 'bad.json'),
    JSON.stringify({ schema: 'kofun.ctk.release-build/v1', commands: { without_support: 'make' } }),
  );
  assert.is((await run(['release-cost', '--matrix', 'bad.json'])).code, 2);
});

test.after(() => rmSync(root, { recursive: true, force: true }));

test.run();
