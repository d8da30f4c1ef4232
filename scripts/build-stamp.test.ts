// The build stamp (bin/build-stamp.js): dist/ counts as current only while every file the build read has the size and
// modification time recorded before the build started; anything else (no stamp, a bad stamp, a file edited, rewritten
// with another size, removed) makes it stale.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdirSync, mkdtempSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { buildInputs, buildIsCurrent, clearStamp, statInputs, writeStamp } from '../bin/build-stamp.js';

/** A checkout's shape: sources, tests, test support, schemas and configuration, and an empty dist/. */
function checkout(): string {
  const root = mkdtempSync(join(tmpdir(), 'kofun-ctk-stamp-'));
  for (const file of [
    'package.json',
    'package-lock.json',
    'tsconfig.json',
    'tsconfig.build.json',
    'oracle/index.ts',
    'oracle/pipeline/step.ts',
    'oracle/pipeline/step.test.ts',
    'oracle/schemas/kofun.x.v1.schema.json',
    'oracle/schemas/README.md',
    'oracle/test-support/sample.ts',
    'runner/cli.ts',
    'runner/test-support/broken-providers/broken.ts',
    'suites/case.ts',
  ]) {
    mkdirSync(dirname(join(root, file)), { recursive: true });
    writeFileSync(join(root, file), `// ${file}\n`);
  }
  mkdirSync(join(root, 'dist'));
  return root;
}

test('the inputs are what tsconfig.build.json compiles, the schemas, the configuration and the lockfile', () => {
  const root = checkout();
  assert.equal(buildInputs(root), [
    'oracle/index.ts',
    'oracle/pipeline/step.ts',
    'oracle/schemas/kofun.x.v1.schema.json',
    'package-lock.json',
    'package.json',
    'runner/cli.ts',
    'tsconfig.build.json',
    'tsconfig.json',
  ]);
  rmSync(root, { recursive: true, force: true });
});

test('current after a build; stale without a stamp, with a bad one, or once an input changed or went', () => {
  const root = checkout();
  assert.not.ok(buildIsCurrent(root), 'no stamp');
  const stamp = (): void => writeStamp(root, statInputs(root));
  stamp();
  assert.ok(buildIsCurrent(root));
  // A test, test support, another folder and a new file are no input of dist/.
  writeFileSync(join(root, 'oracle/pipeline/step.test.ts'), '// edited\n');
  writeFileSync(join(root, 'runner/test-support/broken-providers/broken.ts'), '// edited\n');
  writeFileSync(join(root, 'suites/case.ts'), '// edited\n');
  writeFileSync(join(root, 'oracle/new.ts'), '// new\n');
  assert.ok(buildIsCurrent(root));

  // Same size, another modification time (an edit that keeps the length, a checkout of the file).
  const step = join(root, 'oracle/pipeline/step.ts');
  const before = statSync(step);
  utimesSync(step, before.atime, new Date(before.mtimeMs + 1000));
  assert.not.ok(buildIsCurrent(root), 'another mtime');
  stamp();
  // Another size with the modification time put back.
  const now = statSync(step);
  writeFileSync(step, '// a longer line than before\n');
  utimesSync(step, now.atime, now.mtime);
  assert.not.ok(buildIsCurrent(root), 'another size');
  stamp();
  rmSync(join(root, 'oracle/schemas/kofun.x.v1.schema.json'));
  assert.not.ok(buildIsCurrent(root), 'an input removed');
  stamp();
  assert.ok(buildIsCurrent(root));

  clearStamp(root);
  assert.not.ok(buildIsCurrent(root), 'cleared');
  for (const bad of ['', '{', '{"stamp":"kofun-ctk build/1","inputs":[]}', '{"stamp":"other","inputs":[["a",1,1]]}']) {
    writeFileSync(join(root, 'dist', 'build-stamp.json'), bad);
    assert.not.ok(buildIsCurrent(root), bad);
  }
  rmSync(root, { recursive: true, force: true });
});

test.run();
