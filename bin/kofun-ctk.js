#!/usr/bin/env node
// Entry point of the kofun-ctk command.
// - Installed package: runs the build in dist/ that the package carries (made by `prepack`).
// - Checkout: runs the build only when it is at least as new as every source file, else the TypeScript sources
//   through tsx, so a command never judges by a build older than the sources it sits beside.
// - `vectors` and `report` generate from suites/, which only a checkout has: they always run from the sources, and
//   an installed package does not offer them (its vectors are checked against their manifest on every `run`).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const tsx = join(root, 'node_modules', 'tsx', 'dist', 'esm', 'index.mjs');
const built = join(root, 'dist', 'runner', 'cli-entry.js');
const command = process.argv[2];

/** The newest modification time of the TypeScript sources of the package (0 when there are none). */
function newestSource() {
  let newest = 0;
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.ts')) newest = Math.max(newest, statSync(path).mtimeMs);
    }
  };
  for (const dir of ['oracle', 'runner']) if (existsSync(join(root, dir))) walk(join(root, dir));
  return newest;
}

function runFromSources(entry) {
  const child = spawnSync(process.execPath, ['--import', tsx, entry, ...process.argv.slice(2)], { stdio: 'inherit' });
  process.exit(child.status ?? 70);
}

const checkout = existsSync(tsx) && existsSync(join(root, 'runner', 'cli-entry.ts'));
if (command === 'vectors' || command === 'report') {
  const devCli = join(root, 'suites', 'generate', 'dev-cli.ts');
  if (!checkout || !existsSync(devCli)) {
    process.stderr.write(
      `kofun-ctk: '${command}' is a maintainers' command of a kofun-ctk checkout (it generates from suites/, which ` +
        'the package does not ship); every `kofun-ctk run` checks the shipped vectors against their manifest\n',
    );
    process.exit(2);
  }
  runFromSources(devCli);
} else if (checkout && (!existsSync(built) || statSync(built).mtimeMs < newestSource())) {
  runFromSources(join(root, 'runner', 'cli-entry.ts'));
} else {
  const { runCliProcess } = await import(built);
  runCliProcess();
}
