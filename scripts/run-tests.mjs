// Runs the kit's tests: every *.test.ts beside the concepts (or those whose path matches PATTERN) is a uvu program,
// run in a process of its own, as many at once as there are cores (--jobs N to choose). Before the first file starts,
// the kit is compiled once into a fresh tree under .tmp/ (scripts/compile-tree.mjs: the TypeScript transpiled, the
// schema validators precompiled); every test file, and every program a test starts (the reference provider, the
// broken providers, the module host, the reference builder), runs from it, so each process pays node's start and not
// a TypeScript loader's or an ajv compile. The tree is made for this run and removed after it: never stale. The kit's
// vector set is checked once, from that tree, before the first file starts, and what the check established is handed
// to every test file (KCTK_CHECKED_VECTOR_SET, runner/test-support/handed-vector-set.ts): a test file then checks the
// set only if a file of it changed since, instead of each one hashing and reading its 20 MiB again.
//
// Prints each file as it ends (files done / total, its time, its counts, its `note:` lines), the full output of a
// failing file, the ten slowest files, the notes again, and last the plain summary line `tests: N passed, N failed`
// that CI reads.
//
// usage: node scripts/run-tests.mjs [PATTERN] [--jobs N]
// A file is run alone from its source too: node --import tsx path/to/file.test.ts
import { spawn } from 'node:child_process';
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { compiledPath, compileTree, treeFolder, typeScriptFiles } from './compile-tree.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
/** A file still running after this long is ended and reported as failed with its output (a hang, not a slow test). */
const FILE_HANG_MS = 15 * 60 * 1000;
/** Where the durations of the last run are kept, to start the longest files first. */
const DURATIONS = join(root, '.tmp', 'test-durations.json');

function usage(message) {
  process.stderr.write(`run-tests: ${message}\nusage: node scripts/run-tests.mjs [PATTERN] [--jobs N]\n`);
  process.stdout.write('\ntests: 0 passed, 1 failed\n');
  process.exit(2);
}

let args;
try {
  args = parseArgs({ allowPositionals: true, options: { jobs: { type: 'string', short: 'j' } } });
} catch (err) {
  usage(err.message);
}
if (args.positionals.length > 1) usage('at most one PATTERN');
let pattern;
try {
  pattern = new RegExp(args.positionals[0] ?? '\\.test\\.ts$');
} catch (err) {
  usage(`PATTERN is not a regular expression: ${err.message}`);
}
const jobs = args.values.jobs === undefined ? availableParallelism() : Number(args.values.jobs);
if (!Number.isInteger(jobs) || jobs < 1) usage('--jobs takes a whole number from 1');

function readDurations() {
  try {
    const value = JSON.parse(readFileSync(DURATIONS, 'utf8'));
    return value !== null && typeof value === 'object' ? value : {};
  } catch {
    return {};
  }
}

/** uvu's closing counts of one file's output, or undefined when it never printed them. */
function countsOf(output) {
  const num = (label) => {
    const m = new RegExp(`^\\s*${label}:\\s+(\\d+)`, 'm').exec(output);
    return m === null ? undefined : Number(m[1]);
  };
  const total = num('Total');
  const passed = num('Passed');
  if (total === undefined || passed === undefined) return undefined;
  const skipped = num('Skipped') ?? 0;
  return { passed, failed: total - passed - skipped, skipped };
}

const seconds = (ms) => `${(ms / 1000).toFixed(1)}s`;

/**
 * Checks the kit's vector set once, with the compiled tree's own code, and writes what the check established into the
 * tree for the test files to adopt; the file's path, or undefined when the set does not pass its check (then every
 * test file checks it, and fails, as it would alone).
 */
async function checkKitVectors(compiledDir) {
  const load = (file) => import(pathToFileURL(compiledPath(compiledDir, file)).href);
  try {
    const { loadVectorSet, checkedSetRecord } = await load('runner/vectors/vector-source.ts');
    const { vectorsDir } = await load('runner/vectors/load-vector.ts');
    loadVectorSet(vectorsDir());
    const record = checkedSetRecord(vectorsDir());
    if (record === undefined) return undefined;
    const file = join(compiledDir, 'checked-vector-set.json');
    writeFileSync(file, JSON.stringify(record));
    return file;
  } catch {
    return undefined;
  }
}

/** Runs one compiled test file; resolves with its output, exit and time. Its process group is ended with it. */
function runFile(file, compiledDir, checkedSet) {
  const started = performance.now();
  const program = compiledPath(compiledDir, file);
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--enable-source-maps', program], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
      env: {
        ...process.env,
        FORCE_COLOR: '0',
        NO_COLOR: '1',
        ...(checkedSet === undefined ? {} : { KCTK_CHECKED_VECTOR_SET: checkedSet }),
      },
    });
    running.add(child);
    const chunks = [];
    child.stdout.on('data', (c) => chunks.push(c));
    child.stderr.on('data', (c) => chunks.push(c));
    let hung = false;
    const guard = setTimeout(() => {
      hung = true;
      endGroup(child);
    }, FILE_HANG_MS);
    child.on('close', (code, signal) => {
      clearTimeout(guard);
      running.delete(child);
      // Whatever the file left running in its group (a provider it did not stop) goes with it.
      endGroup(child);
      resolve({
        file,
        output: Buffer.concat(chunks).toString('utf8'),
        code,
        signal,
        hung,
        ms: performance.now() - started,
      });
    });
  });
}

const running = new Set();
function endGroup(child) {
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    // The group is already gone.
  }
}

/** What one finished file counts: its tests, plus one failure when it failed without a failing test to show. */
function judge(run) {
  const counts = countsOf(run.output);
  const problems = [];
  if (run.hung) problems.push(`still running after ${seconds(FILE_HANG_MS)}: ended`);
  else if (run.signal !== null) problems.push(`ended by ${run.signal}`);
  else if (run.code !== 0) problems.push(`exit ${run.code}`);
  if (counts === undefined) problems.push('no uvu summary (the file did not run to its end)');
  const passed = counts?.passed ?? 0;
  let failed = counts?.failed ?? 0;
  if (problems.length > 0 && failed === 0) failed = 1;
  return { passed, failed, skipped: counts?.skipped ?? 0, problems };
}

const files = typeScriptFiles(root).filter((f) => f.endsWith('.test.ts') && pattern.test(f));
if (files.length === 0) usage(`no test file matches ${pattern}`);

// However this process ends (a signal, a closed stdout), no test file it started outlives it, nor does the tree.
process.on('exit', () => {
  for (const child of running) endGroup(child);
});
const compiledDir = treeFolder(root, 'tests-');
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(130));
const compileStarted = performance.now();
try {
  await compileTree(root, compiledDir);
} catch (err) {
  process.stdout.write(
    `run-tests: the compiled tree could not be made:\n${err.message}\n\ntests: 0 passed, 1 failed\n`,
  );
  process.exit(1);
}
const compiled = performance.now();
const checkedSet = await checkKitVectors(compiledDir);
const width = Math.min(jobs, files.length);
process.stdout.write(
  `${files.length} test file${files.length === 1 ? '' : 's'}, ${width} at a time ` +
    `(compiled tree made in ${seconds(compiled - compileStarted)}; ` +
    (checkedSet === undefined
      ? "the kit's vector set did not pass its check: each file checks it"
      : `the kit's vector set checked once, in ${seconds(performance.now() - compiled)}`) +
    ')\n',
);

// Longest first (by the last run's times, unknown files first by size), so a long file does not start last.
const previous = readDurations();
const weight = (f) => previous[f] ?? Number.MAX_SAFE_INTEGER - 1e9 + statSync(join(root, f)).size;
const queue = [...files].sort((a, b) => weight(b) - weight(a) || (a < b ? -1 : 1));

const results = [];
let passed = 0;
let failed = 0;
const noted = [];
const pad = String(files.length).length;
const started = performance.now();
await Promise.all(
  Array.from({ length: width }, async () => {
    for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
      const run = await runFile(file, compiledDir, checkedSet);
      const verdict = judge(run);
      results.push({ ...run, ...verdict });
      passed += verdict.passed;
      failed += verdict.failed;
      const counts = `${verdict.passed} passed${verdict.failed > 0 ? `, ${verdict.failed} FAILED` : ''}`;
      const done = String(results.length).padStart(pad);
      process.stdout.write(`[${done}/${files.length}] ${seconds(run.ms).padStart(6)}  ${file}  (${counts})\n`);
      // A file's `note:` lines say what it could not test here (a corpus absent): shown under its line and at the end.
      const notes = run.output.split('\n').filter((line) => line.startsWith('note: '));
      for (const note of notes) process.stdout.write(`    ${note}\n`);
      if (notes.length > 0) noted.push(...notes.map((note) => `  ${file}: ${note.slice('note: '.length)}\n`));
      if (verdict.failed > 0) {
        const why = verdict.problems.length > 0 ? ` (${verdict.problems.join('; ')})` : '';
        process.stdout.write(
          `\n---- ${file} FAILED${why}; its output:\n${run.output.trimEnd()}\n---- end of ${file}\n\n`,
        );
      }
    }
  }),
);
const durations = { ...previous };
for (const r of results) durations[r.file] = Math.round(r.ms);
try {
  writeFileSync(DURATIONS, `${JSON.stringify(durations, null, 1)}\n`);
} catch {
  // Only the order of the next run depends on it.
}

const slowest = [...results].sort((a, b) => b.ms - a.ms).slice(0, 10);
process.stdout.write(`\nslowest files:\n`);
for (const r of slowest) process.stdout.write(`  ${seconds(r.ms).padStart(6)}  ${r.file}\n`);
if (noted.length > 0) process.stdout.write(`\nnotes (what was not tested here):\n${noted.join('')}`);
const failing = results.filter((r) => r.failed > 0).map((r) => r.file);
if (failing.length > 0) process.stdout.write(`\nfailed files:\n${failing.map((f) => `  ${f}\n`).join('')}`);
process.stdout.write(`\n${files.length} files in ${seconds(performance.now() - started)}, ${width} at a time\n`);
process.stdout.write(`tests: ${passed} passed, ${failed} failed\n`);
process.exitCode = failed > 0 ? 1 : 0;
