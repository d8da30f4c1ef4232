/**
 * The CI recipe of README.md and PROTOCOL.md is one text, and it works as written for a provider repository with no
 * package.json: its jobs, read from the README, run the kit's composite action (action.yml) as written, on the Python
 * example in a folder that holds only the example and its configuration. The action's `run:` steps execute as GitHub
 * runs them (bash -eo pipefail, the step's env, GITHUB_OUTPUT, the step conditions); only the steps that make sense
 * on GitHub alone (actions/checkout, actions/setup-node, actions/upload-artifact, actions/download-artifact) are stood
 * in for, by copying files. The merged gate is also where the Python example's README takes its figures from.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { kitVersion } from '../../oracle/index.js';
import { kitRoot } from '../../oracle/internal.js';
import type { GateReport } from '../report/gate-report.js';
import { runCli } from '../test-support/run-cli.js';
import { kitVectors } from '../test-support/run-helpers.js';

const MARKER = '# kofun-ctk CI recipe';
const EXAMPLE = join(kitRoot(), 'examples', 'python-provider');

function recipeOf(file: string): string {
  const text = readFileSync(join(kitRoot(), file), 'utf8');
  const start = text.indexOf(`\`\`\`yaml\n${MARKER}`);
  assert.ok(start >= 0, `${file} has no CI recipe`);
  const end = text.indexOf('\n```', start + 1);
  return text.slice(start + '```yaml\n'.length, end);
}

interface Step {
  name?: string;
  id?: string;
  if?: string;
  uses?: string;
  with?: Record<string, unknown>;
  run?: string;
  shell?: string;
  env?: Record<string, unknown>;
}

interface Action {
  inputs: Record<string, { default?: string }>;
  runs: { using: string; steps: Step[] };
}

interface Workflow {
  jobs: Record<string, { needs?: string; if?: string; strategy?: { matrix?: { shard?: number[] } }; steps: Step[] }>;
}

const action = (): Action => parseYaml(readFileSync(join(kitRoot(), 'action.yml'), 'utf8')) as Action;
const workflow = (): Workflow => parseYaml(recipeOf('README.md')) as Workflow;

/** `${{ a.b }}` replaced by the context's value of `a.b`; any other expression is a fault of the test's reach. */
function expand(value: unknown, context: Readonly<Record<string, string>>): string {
  return String(value).replace(/\$\{\{\s*([^}]+?)\s*\}\}/g, (_, path: string) => {
    const v = context[path];
    if (v === undefined) throw new Error(`the test does not evaluate the expression ${path}`);
    return v;
  });
}

/**
 * Whether a step runs, as GitHub decides: a condition without a status function holds only while no step failed
 * (an implicit success()); the forms the action uses are always(), success() and `name == 'value'` / `!=`, with &&.
 */
function stepRuns(condition: string | undefined, failed: boolean, context: Readonly<Record<string, string>>): boolean {
  const expr = condition ?? 'success()';
  const parts = expr.split('&&').map((p) => p.trim());
  if (!parts.some((p) => p === 'always()' || p === 'success()') && failed) return false;
  return parts.every((p) => {
    if (p === 'always()') return true;
    if (p === 'success()') return !failed;
    const m = /^([\w.-]+) (==|!=) '([^']*)'$/.exec(p);
    if (m === null) throw new Error(`the test does not evaluate the condition ${p}`);
    const v = context[m[1] as string];
    if (v === undefined) throw new Error(`the test does not know ${String(m[1])}`);
    return m[2] === '==' ? v === m[3] : v !== m[3];
  });
}

/** A bash script run as a `shell: bash` step runs on GitHub: bash --noprofile --norc -eo pipefail FILE. */
function bash(script: string, cwd: string, env: NodeJS.ProcessEnv): Promise<{ code: number; output: string }> {
  const file = join(mkdtempSync(join(tmpdir(), 'kofun-ctk-step-')), 'step.sh');
  writeFileSync(file, script);
  return new Promise((resolve) => {
    const child = spawn('bash', ['--noprofile', '--norc', '-eo', 'pipefail', file], { cwd, env });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString('utf8')));
    child.stderr.on('data', (c: Buffer) => (output += c.toString('utf8')));
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}

/** What running the action did: the steps run, the one that failed, its exit status, and everything they printed. */
interface ActionOutcome {
  ran: string[];
  failed?: string;
  code: number;
  output: string;
}

/**
 * Runs action.yml with the inputs `given` in `workspace`, its artifacts kept under `store` (one folder each):
 * the `run:` steps as written, the GitHub-only steps stood in for.
 */
async function runAction(given: Record<string, unknown>, workspace: string, store: string): Promise<ActionOutcome> {
  const a = action();
  assert.is(a.runs.using, 'composite');
  for (const key of Object.keys(given)) assert.ok(key in a.inputs, `the action has no input ${key}`);
  const context: Record<string, string> = { 'github.action_path': kitRoot() };
  for (const [name, input] of Object.entries(a.inputs))
    context[`inputs.${name}`] = String(given[name] ?? input.default ?? '');
  const temp = mkdtempSync(join(tmpdir(), 'kofun-ctk-runner-'));
  const outcome: ActionOutcome = { ran: [], code: 0, output: '' };
  for (const step of a.runs.steps) {
    const label = step.name ?? step.uses ?? 'step';
    if (!stepRuns(step.if, outcome.failed !== undefined, context)) continue;
    outcome.ran.push(label);
    const w = Object.fromEntries(Object.entries(step.with ?? {}).map(([k, v]) => [k, expand(v, context)]));
    if (step.uses !== undefined) {
      standIn(step.uses, w, workspace, store);
      continue;
    }
    assert.is(step.shell, 'bash', `${label}: a composite step names its shell`);
    const outputs = join(temp, `${step.id ?? 'step'}-output`);
    writeFileSync(outputs, '');
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      GITHUB_ACTIONS: 'true',
      GITHUB_ACTION_PATH: kitRoot(),
      GITHUB_WORKSPACE: workspace,
      GITHUB_OUTPUT: outputs,
      GITHUB_STEP_SUMMARY: join(temp, 'summary.md'),
      RUNNER_TEMP: temp,
      ...Object.fromEntries(Object.entries(step.env ?? {}).map(([k, v]) => [k, expand(v, context)])),
    };
    const r = await bash(expand(step.run, context), workspace, env);
    outcome.output += `--- ${label} (exit ${r.code})\n${r.output}`;
    for (const line of readFileSync(outputs, 'utf8').split('\n')) {
      const eq = line.indexOf('=');
      if (eq > 0 && step.id !== undefined)
        context[`steps.${step.id}.outputs.${line.slice(0, eq)}`] = line.slice(eq + 1);
    }
    if (r.code !== 0 && outcome.failed === undefined) {
      outcome.failed = label;
      outcome.code = r.code;
    }
  }
  return outcome;
}

/** The steps that only make sense on GitHub, done here with files: an artifact is a folder under `store`. */
function standIn(uses: string, w: Record<string, string>, workspace: string, store: string): void {
  if (uses === 'actions/setup-node@v4') {
    assert.ok(Number(process.versions.node.split('.')[0]) >= Number(w['node-version']), 'node-version');
  } else if (uses === 'actions/upload-artifact@v4') {
    const from = join(workspace, w['path'] ?? '');
    if (existsSync(from)) cpSync(from, join(store, w['name'] ?? ''), { recursive: true });
  } else if (uses === 'actions/download-artifact@v4') {
    const prefix = (w['pattern'] ?? '').replace(/\*$/, '');
    for (const name of readdirSync(store).sort())
      if (name.startsWith(prefix))
        cpSync(join(store, name), join(workspace, w['path'] ?? '', name), { recursive: true });
  } else assert.unreachable(`the action uses ${uses}, which the test cannot stand in for`);
}

/** The long options of a command, from its --help (the option lines, not the prose). */
async function longOptions(name: string): Promise<Set<string>> {
  const help = await runCli([name, '--help']);
  assert.ok(help.code === 0 && help.stdout.startsWith(`Usage: kofun-ctk ${name} `), `kofun-ctk has no command ${name}`);
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

test('the recipe uses the action at the kit version, and no package.json; the action names real options', async () => {
  const uses = Object.values(workflow().jobs).flatMap((j) => j.steps.map((s) => s.uses ?? ''));
  const kit = uses.filter((u) => u.includes('/kofun-ctk@'));
  assert.ok(kit.length >= 2, 'every job runs the action');
  for (const u of kit) assert.is(u, `OWNER/kofun-ctk@v${kitVersion()}`);
  assert.not.match(recipeOf('README.md'), /npm |npx /);
  for (const step of action().runs.steps) {
    if (step.run === undefined) continue;
    const commands = [...step.run.matchAll(/(?:kofun-ctk\.js"?|kofun) ([a-z][a-z-]*)/g)].map((m) => m[1] as string);
    const known = new Set<string>();
    for (const c of new Set(commands)) for (const o of await longOptions(c)) known.add(o);
    const given = [...step.run.matchAll(/(?<![\w-])(--[a-z][a-z0-9-]*)/g)].map((m) => m[1] as string);
    for (const o of given.filter((g) => g !== '--no-audit' && g !== '--no-fund' && g !== '--version'))
      assert.ok(known.has(o), `${step.name ?? ''}: kofun-ctk ${[...new Set(commands)].join('/')} has no option ${o}`);
  }
});

/** A provider repository: the Python example and its configuration, under the name the recipe's gate job gives. */
function providerRepository(config: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'kofun-ctk-provider-repo-'));
  cpSync(join(EXAMPLE, 'provider.py'), join(dir, 'provider.py'));
  cpSync(join(EXAMPLE, 'provider-config.json'), join(dir, config));
  return dir;
}

/** The Python example README's figures, as they read from a gate report of the whole set. */
function exampleFigures(report: GateReport): string {
  const c = report.counts;
  const features = (report.summary.by_feature ?? []).map((f) => `${f.feature} ${f.vectors}`).join(', ');
  return [
    '| verdict | vectors |',
    '|---|---:|',
    `| PASS | ${c.PASS} |`,
    `| NOT-APPLICABLE (${features}) | ${c['NOT-APPLICABLE']} |`,
    `| FAIL, ERROR, NOT-RUN, ACCEPTABLE | ${c.FAIL + c.ERROR + c['NOT-RUN'] + c.ACCEPTABLE} |`,
    `| all | ${report.vectors.length} |`,
  ].join('\n');
}

test('the recipe as written: the Python example passes every shard and the merge, except features', async () => {
  assert.ok(
    existsSync(join(kitRoot(), 'dist', 'build-stamp.json')),
    'the action is run in a checkout npm ci built (its install step would run npm ci here otherwise)',
  );
  const jobs = workflow().jobs;
  const gate = jobs['gate'];
  const merge = jobs['merge'];
  assert.ok(gate !== undefined && merge !== undefined, 'the recipe has a gate job and a merge job');
  assert.is(merge.needs, 'gate');
  assert.is(merge.if, 'always()');
  const kitStep = (steps: Step[]): Step => steps.find((s) => (s.uses ?? '').includes('/kofun-ctk@')) as Step;
  const store = mkdtempSync(join(tmpdir(), 'kofun-ctk-artifacts-'));
  const shards = gate.strategy?.matrix?.shard ?? [];
  assert.equal(shards, [1, 2, 3]);
  for (const shard of shards) {
    const w = kitStep(gate.steps).with ?? {};
    const repo = providerRepository(String(w['config']));
    assert.equal(readdirSync(repo).sort(), ['kofun-provider.json', 'provider.py']);
    assert.equal(gate.steps[0]?.uses, 'actions/checkout@v4', 'the checkout is what the folder holds');
    const given = Object.fromEntries(
      Object.entries(w).map(([k, v]) => [k, expand(v, { 'matrix.shard': String(shard) })]),
    );
    const ran = await runAction(given, repo, store);
    assert.is(ran.code, 0, ran.output);
    assert.match(ran.output, 'smoke PASSED');
    assert.match(ran.output, 'gate PASSED, conformant except features explain-operation, release-cost, step-budget');
    const artifact = join(store, `kofun-reports-${shard}`);
    for (const f of ['kofun-ctk-report.json', 'kofun-ctk-junit.xml', 'kofun-ctk-report.md', 'kofun-ctk-report.html'])
      assert.ok(existsSync(join(artifact, f)), `artifact kofun-reports-${shard} holds ${f}`);
  }
  const mergeRepo = mkdtempSync(join(tmpdir(), 'kofun-ctk-merge-job-'));
  const merged = await runAction(kitStep(merge.steps).with ?? {}, mergeRepo, store);
  assert.is(merged.code, 0, merged.output);
  assert.equal(
    merged.ran.includes('smoke (the provider speaks the protocol; its stderr and stray stdout are shown)'),
    false,
  );
  const report = JSON.parse(
    readFileSync(join(store, 'kofun-reports-merged', 'kofun-ctk-report.json'), 'utf8'),
  ) as GateReport;
  assert.ok(report.gate.passed);
  assert.equal(report.gate.missing_features, ['explain-operation', 'release-cost', 'step-budget']);
  const all = [...kitVectors().queryVectors, ...kitVectors().releaseVectors].map((v) => v.id).sort();
  assert.equal(report.vectors.map((v) => v.id).sort(), all, 'every vector of the set, judged once');
  assert.equal(
    report.vectors.filter((v) => v.verdict !== 'PASS' && v.verdict !== 'NOT-APPLICABLE').map((v) => v.id),
    [],
    'the example passes every vector of the features it implements',
  );
  // The example's README states what this gate measured.
  const readme = readFileSync(join(EXAMPLE, 'README.md'), 'utf8');
  const figures = exampleFigures(report);
  assert.ok(readme.includes(figures), `examples/python-provider/README.md should state:\n${figures}`);
});

test('a failing gate fails the action, and its reports are kept; the expectations input reaches the gate', async () => {
  const repo = providerRepository('kofun-provider.json');
  const stale = kitVectors().queryVectors.find((v) => v.category === 'stale')?.id ?? '';
  writeFileSync(join(repo, 'known.json'), JSON.stringify([{ id: stale, verdict: 'FAIL', reason: 'it passes: XPASS' }]));
  const store = mkdtempSync(join(tmpdir(), 'kofun-ctk-artifacts-'));
  mkdirSync(join(repo, 'out'));
  const ran = await runAction(
    { expectations: 'known.json', args: '--category stale --metamorphic 0', 'report-dir': 'out/reports' },
    repo,
    store,
  );
  assert.is(ran.code, 1, ran.output);
  assert.is(ran.failed, 'gate');
  assert.ok(ran.ran.includes('reports'), 'the reports are kept after a failure');
  const report = JSON.parse(readFileSync(join(store, 'kofun-reports', 'kofun-ctk-report.json'), 'utf8')) as GateReport;
  assert.is(report.vectors.find((v) => v.id === stale)?.verdict, 'XPASS');
  // Without allow-missing-features the example's declared features fail the gate too.
  assert.equal(report.gate.allow_missing_features, false);
  assert.ok(report.gate.reasons.some((r) => r.includes('--allow-missing-features')));
});

test.run();
