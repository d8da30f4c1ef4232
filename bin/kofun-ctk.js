#!/usr/bin/env node
// Entry point of the kofun-ctk command.
// - Installed package: runs the build in dist/ that the package carries (made by `prepare` when it was packed).
// - Checkout: runs dist/ (built by `prepare` on `npm ci`, or `npm run build`) only while its build stamp shows every
//   source it was built from unchanged (bin/build-stamp.js), else the TypeScript sources through tsx, so a command
//   never judges by a build older than the sources it sits beside.
// - `vectors`, `report` and `mutation` work from suites/, which only a checkout has: they always run from the
//   sources, compiled afresh for the command (scripts/run-compiled.mjs), and an installed package does not offer them
//   (its vectors are checked against their manifest on every `run`). The `diff` subcommands of `vectors` and `report`
//   read files only, and run like any other command.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIsCurrent } from './build-stamp.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const tsx = join(root, 'node_modules', 'tsx', 'dist', 'esm', 'index.mjs');
const built = join(root, 'dist', 'runner', 'cli-entry.js');
const command = process.argv[2];

/** Whether the arguments after the command ask for its help (`-h`, `--help` or `help`, before any `--`). */
function helpRequested(args) {
  const end = args.indexOf('--');
  return (end < 0 ? args : args.slice(0, end)).some((a) => a === '-h' || a === '--help' || a === 'help');
}

function runFromSources(entry) {
  const child = spawnSync(process.execPath, ['--import', tsx, entry, ...process.argv.slice(2)], { stdio: 'inherit' });
  process.exit(child.status ?? 70);
}

const checkout = existsSync(tsx) && existsSync(join(root, 'runner', 'cli-entry.ts'));
// `vectors diff` and `report diff` read files only: every install runs them, as it runs any other command.
const maintainers =
  (command === 'vectors' || command === 'report' || command === 'mutation') && process.argv[3] !== 'diff';
if (maintainers) {
  const devCli = join(root, 'suites', 'generate', 'dev-cli.ts');
  if (!checkout || !existsSync(devCli) || !existsSync(join(root, 'scripts', 'run-compiled.mjs'))) {
    process.stderr.write(
      `kofun-ctk: '${command}' is a maintainers' command of a kofun-ctk checkout (it works from suites/, which ` +
        'the package does not ship); every `kofun-ctk run` checks the shipped vectors against their manifest\n',
    );
    process.exit(2);
  }
  // A help request runs nothing: it is answered from the sources through tsx, which loads only the command-line
  // lines (suites/generate/maintainer-commands.ts), without compiling the whole kit first.
  if (helpRequested(process.argv.slice(3))) runFromSources(devCli);
  // Compiled afresh from the sources for this one command (the report's census starts many providers).
  const child = spawnSync(
    process.execPath,
    [join(root, 'scripts', 'run-compiled.mjs'), 'suites/generate/dev-cli.ts', ...process.argv.slice(2)],
    { stdio: 'inherit' },
  );
  process.exit(child.status ?? 70);
} else if (checkout && !buildIsCurrent(root)) {
  runFromSources(join(root, 'runner', 'cli-entry.ts'));
} else {
  const { runCliProcess } = await import(built);
  runCliProcess();
}
