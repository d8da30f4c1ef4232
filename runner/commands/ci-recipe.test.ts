/**
 * The CI recipe of README.md and PROTOCOL.md is one text, every `kofun-ctk` command in it names a command and options
 * the CLI has, and the recipe works as written: its commands, parsed from the README, run on the reference provider
 * and on a broken one (each shard in a workspace of its own, the reports laid out as the artifact steps lay them out),
 * with one extra `--category stale` to keep the run small, and every shard and the merge exit as the unsharded gate
 * does.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'shell-quote';
import { kitRoot } from '../../oracle/internal.js';
import { referenceServeArgv } from '../adapters/provider-spec.js';
import type { GateReport } from '../report/gate-report.js';
import { runCli } from '../test-support/run-cli.js';
import { brokenConfig, expectedOf, kitQueryVectors } from '../test-support/run-helpers.js';

const MARKER = '# kofun-ctk CI recipe';

function recipeOf(file: string): string {
  const text = readFileSync(join(kitRoot(), file), 'utf8');
  const start = text.indexOf(`\`\`\`yaml\n${MARKER}`);
  assert.ok(start >= 0, `${file} has no CI recipe`);
  const end = text.indexOf('\n```', start + 1);
  return text.slice(start + '```yaml\n'.length, end);
}

/** The shell commands of the recipe's `run:` steps: one line, a `|` block (a command per line), or a `>-` fold. */
function runCommands(yaml: string): string[] {
  const lines = yaml.split('\n');
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const m = /^(\s*)(?:- )?run: (.*)$/.exec(lines[i] ?? '');
    if (m === null) continue;
    const indent = (m[1] ?? '').length;
    const head = m[2] ?? '';
    if (head !== '|' && head !== '>-') {
      out.push(head);
      continue;
    }
    const body: string[] = [];
    while (i + 1 < lines.length && ((lines[i + 1] ?? '').search(/\S/) > indent || (lines[i + 1] ?? '').trim() === ''))
      body.push((lines[++i] ?? '').trim());
    if (head === '|') out.push(...body.filter((l) => l !== ''));
    else out.push(body.join(' '));
  }
  return out;
}

/** The long options of a command, from its --help (the option lines, not the prose). */
async function longOptions(name: string): Promise<Set<string> | undefined> {
  const help = await runCli([name, '--help']);
  if (help.code !== 0 || !help.stdout.startsWith(`Usage: kofun-ctk ${name} `)) return undefined;
  const out = new Set<string>();
  for (const line of help.stdout.split('\n')) {
    const m = /^\s+(?:-[A-Za-z], )?(--[a-z][a-z0-9-]*)/.exec(line);
    if (m?.[1] !== undefined) out.add(m[1]);
  }
  return out;
}

test('README.md and PROTOCOL.md show the same CI recipe', () => {
  assert.is(recipeOf('PROTOCOL.md'), recipeOf('README.md'));
});

test(
  'the recipe installs, smokes, gates with expectations on shards, ' + 'keeps the reports and merges the shards',
  async () => {
    const commands = runCommands(recipeOf('README.md')).filter((c) => c.startsWith('npx kofun-ctk '));
    const used = new Set<string>();
    for (const command of commands) {
      const words = parse(command.replace(/\$\{\{ matrix\.shard \}\}/g, '1'))
        .filter((w): w is string => typeof w === 'string' || (typeof w === 'object' && 'pattern' in w))
        .map((w) => (typeof w === 'string' ? w : (w as { pattern: string }).pattern));
      const [, , name = '', ...rest] = words;
      const known = await longOptions(name);
      assert.ok(known !== undefined, `kofun-ctk has no command ${name}`);
      for (const word of rest)
        if (word.startsWith('--')) assert.ok(known.has(word), `kofun-ctk ${name} has no option ${word}`);
      used.add(name);
      if (name === 'run')
        for (const needed of ['--expectations', '--shard', '--report', '--report-dir'])
          assert.ok(rest.includes(needed), needed);
    }
    assert.equal([...used].sort(), ['merge-reports', 'run', 'smoke']);
    const yaml = recipeOf('README.md');
    assert.match(yaml, 'npm ci');
    assert.match(yaml, 'actions/upload-artifact@v4');
    assert.match(yaml, 'actions/download-artifact@v4');
  },
);

/** One command line of the recipe run as the shell would, in `cwd`: its exit status, and whether `|| true` hides it. */
async function runLine(line: string, cwd: string, extra: string[] = []): Promise<{ code: number; hidden: boolean }> {
  const tokens = parse(line);
  const words: string[] = [];
  let hidden = false;
  for (const [i, t] of tokens.entries()) {
    if (typeof t === 'string') words.push(t);
    else if ('pattern' in t) {
      // The one glob of the recipe, `shards/*/NAME`: each artifact folder holding NAME, in name order, as sh does.
      const [dir = '', star, name = ''] = t.pattern.split('/');
      assert.is(star, '*', t.pattern);
      const folders = readdirSync(join(cwd, dir)).sort();
      words.push(...folders.map((f) => `${dir}/${f}/${name}`).filter((p) => existsSync(join(cwd, p))));
    } else if ('op' in t && t.op === '||' && tokens[i + 1] === 'true') {
      hidden = true;
      break;
    } else assert.unreachable(`the recipe's line has an operator the test does not run: ${line}`);
  }
  assert.equal(words.slice(0, 2), ['npx', 'kofun-ctk'], line);
  const r = await runCli([...words.slice(2), ...extra], { cwd });
  return { code: r.code, hidden };
}

/** The recipe's pieces: the smoke, gate and merge lines, the shards of the matrix, and the artifact steps' names. */
function recipe(): { smoke: string; gate: string; merges: string[]; shards: number[]; artifact: string; into: string } {
  const yaml = recipeOf('README.md');
  const commands = runCommands(yaml);
  const of = (name: string): string[] => commands.filter((c) => c.startsWith(`npx kofun-ctk ${name} `));
  const shards = (/shard: \[([0-9, ]+)\]/.exec(yaml)?.[1] ?? '').split(',').map(Number);
  const artifact = /name: (kofun-reports-\$\{\{ matrix\.shard \}\})\n\s+path: kofun-reports\//.exec(yaml)?.[1];
  const into = /pattern: kofun-reports-\*\n\s+path: (\S+)/.exec(yaml)?.[1];
  assert.ok(artifact !== undefined && into !== undefined, 'the recipe uploads kofun-reports/ and downloads it');
  return { smoke: of('smoke')[0] ?? '', gate: of('run')[0] ?? '', merges: of('merge-reports'), shards, artifact, into };
}

const read = (path: string): GateReport => JSON.parse(readFileSync(path, 'utf8')) as GateReport;
const verdicts = (r: GateReport): Record<string, string> => Object.fromEntries(r.vectors.map((v) => [v.id, v.verdict]));
/** The gate's rule, worked from README.md's exit status: a FAIL, ERROR or XPASS exits 1; here nothing is NOT-RUN. */
const gateExit = (vs: readonly string[]): number => (vs.some((v) => ['FAIL', 'ERROR', 'XPASS'].includes(v)) ? 1 : 0);
/** The smaller selection the recipe runs here: one category. */
const SMALLER = ['--category', 'stale'];

/** Runs the recipe with `config` as kofun-provider.json and `expectations` as kofun-expectations.json. */
async function runRecipe(config: string, expectations: unknown[]): Promise<{ unsharded: GateReport; code: number }> {
  const r = recipe();
  const workspace = (): string => {
    const dir = mkdtempSync(join(tmpdir(), 'kofun-ctk-recipe-'));
    cpSync(config, join(dir, 'kofun-provider.json'));
    writeFileSync(join(dir, 'kofun-expectations.json'), JSON.stringify(expectations));
    return dir;
  };
  // The unsharded gate: the recipe's line with no shard.
  const whole = workspace();
  const unshardedLine = r.gate.replace(/--shard \$\{\{ matrix\.shard \}\}\/\d+/, '');
  const unshardedRun = await runLine(unshardedLine, whole, SMALLER);
  const unsharded = read(join(whole, 'kofun-reports', 'kofun-ctk-report.json'));
  assert.is(unshardedRun.code, gateExit(unsharded.vectors.map((v) => v.verdict)));
  const all = verdicts(unsharded);

  const merge = workspace();
  for (const shard of r.shards) {
    const dir = workspace();
    // Every shard smokes the same provider; once is evidence enough here.
    if (shard === r.shards[0]) assert.is((await runLine(r.smoke, dir)).code, 0, 'smoke');
    const ran = await runLine(r.gate.replace(/\$\{\{ matrix\.shard \}\}/g, String(shard)), dir, SMALLER);
    const report = read(join(dir, 'kofun-reports', 'kofun-ctk-report.json'));
    assert.ok(
      existsSync(join(dir, 'kofun-reports', 'kofun-ctk-junit.xml')) &&
        existsSync(join(dir, 'kofun-reports', 'kofun-ctk-report.md')),
    );
    // Each shard judges its vectors as the unsharded gate did, and exits as that gate does over them.
    for (const [id, verdict] of Object.entries(verdicts(report))) assert.is(verdict, all[id], id);
    assert.is(ran.code, gateExit(report.vectors.map((v) => v.verdict)), `shard ${shard}`);
    cpSync(join(dir, 'kofun-reports'), join(merge, r.into, r.artifact.replace('${{ matrix.shard }}', String(shard))), {
      recursive: true,
    });
  }
  let code = -1;
  for (const line of r.merges) {
    const merged = await runLine(line, merge);
    assert.ok(merged.hidden || line === r.merges.at(-1), line);
    // Every merge line, hidden or not, is the merged gate: never a refusal (2).
    assert.is(merged.code, unshardedRun.code, line);
    code = merged.code;
  }
  assert.ok(existsSync(join(merge, 'kofun-ctk-junit.xml')) && existsSync(join(merge, 'kofun-ctk-report.md')));
  const merged = read(join(merge, 'kofun-ctk-report.json'));
  assert.equal(verdicts(merged), all);
  assert.equal(merged.selection.exclude_categories, ['release-cost']);
  return { unsharded, code };
}

test('the recipe as written on the reference provider: every shard, and the merge, pass', async () => {
  const config = join(mkdtempSync(join(tmpdir(), 'kofun-ctk-recipe-config-')), 'provider.json');
  writeFileSync(config, JSON.stringify({ name: 'reference', process: { argv: referenceServeArgv() } }));
  const { unsharded, code } = await runRecipe(config, []);
  assert.is(code, 0);
  assert.ok(unsharded.vectors.length > 20 && unsharded.vectors.every((v) => v.verdict === 'PASS'));
});

test('the recipe as written on a broken provider: the failing shard and the merge exit 1, the others 0', async () => {
  // The provider lists rows in display-name order; KD-ORDER-06 orders them by SymbolId. The stale vectors whose rows
  // are not in display-name order fail, and only those; the expectations file names the first as a known failure.
  const byBytes = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
  const reordered = kitQueryVectors()
    .filter((v) => v.category === 'stale')
    .filter((v) => {
      const names = expectedOf(v).operations.map((o) => String(o.display_name));
      return names.join('\n') !== [...names].sort(byBytes).join('\n');
    })
    .map((v) => v.id);
  assert.ok(reordered.length >= 2, reordered.join());
  const known = { id: reordered[0], verdict: 'FAIL', reason: 'rows in display-name order' };
  const { unsharded, code } = await runRecipe(brokenConfig('display-name-order'), [known]);
  assert.is(code, 1);
  const failing = unsharded.vectors.filter((v) => v.verdict !== 'PASS').map((v) => `${v.id} ${v.verdict}`);
  assert.equal(
    failing,
    reordered.map((id, i) => `${id} ${i === 0 ? 'XFAIL' : 'FAIL'}`),
  );
});

test.run();
