// `npm run build`, also run by `prepare` (on `npm ci` or `npm install` in a checkout, and before `npm pack` and
// `npm publish`): compiles oracle/ and runner/ to dist/ with tsc, precompiles the schema validators
// (scripts/compile-schemas.mjs), and last writes the build stamp (bin/build-stamp.js) from the sizes and times of the
// inputs taken before tsc started, so bin/kofun-ctk.js runs dist/ from then on and never once a source has changed.
// A failed step leaves no stamp: dist/ then counts as stale and the command runs the sources. When the stamp shows
// every input unchanged, dist/ is what a build would write again and nothing is done (--force builds all the same):
// `npx kofun-ctk` in a checkout links the checkout and runs its prepare once more.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIsCurrent, clearStamp, statInputs, writeStamp } from '../bin/build-stamp.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');

function step(argv) {
  const r = spawnSync(process.execPath, argv, { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

if (!process.argv.includes('--force') && buildIsCurrent(root)) {
  process.stderr.write('build: dist/ is current (no input changed since it was built; --force to build anyway)\n');
  process.exit(0);
}
clearStamp(root);
const before = statInputs(root);
step([tsc, '-p', join(root, 'tsconfig.build.json')]);
step([join(root, 'scripts', 'compile-schemas.mjs')]);
writeStamp(root, before);
