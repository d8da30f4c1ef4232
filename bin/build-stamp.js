// The build stamp of a checkout. `npm run build` (scripts/build.mjs) records the size and modification time of every
// file the build reads, taken before the build starts, and writes them to dist/build-stamp.json once the build has
// finished. bin/kofun-ctk.js runs dist/ only while every recorded file still has that size and time: a source edited,
// checked out, removed or rewritten since (even during the build) makes the build stale. Checking costs one small read
// and one stat per source file, no walk of the folders; a file added since cannot change dist/ unless a recorded file
// changed to import it.
import { readdirSync, readFileSync, statSync, writeFileSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const STAMP = ['dist', 'build-stamp.json'];

/**
 * The files `npm run build` reads, relative and `/`-separated: the TypeScript that tsconfig.build.json compiles
 * (oracle/ and runner/ without tests and test support), the schemas the validators are compiled from, and the
 * configuration and lockfile.
 */
export function buildInputs(root) {
  // The lockfile stands for the compiler and ajv the build runs: another version of either is another build.
  const out = ['package.json', 'package-lock.json', 'tsconfig.json', 'tsconfig.build.json'];
  const walk = (rel) => {
    for (const entry of readdirSync(join(root, rel), { withFileTypes: true })) {
      const path = `${rel}/${entry.name}`;
      if (entry.isDirectory()) {
        if (entry.name !== 'test-support') walk(path);
      } else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) out.push(path);
      else if (rel === 'oracle/schemas' && entry.name.endsWith('.schema.json')) out.push(path);
    }
  };
  walk('oracle');
  walk('runner');
  return out.sort();
}

/** Each input's size and modification time now: `[path, size, mtimeMs]`. */
export function statInputs(root, inputs = buildInputs(root)) {
  return inputs.map((path) => {
    const s = statSync(join(root, path));
    return [path, s.size, s.mtimeMs];
  });
}

/** Removes the stamp: from here until `writeStamp`, dist/ counts as stale. */
export function clearStamp(root) {
  rmSync(join(root, ...STAMP), { force: true });
}

/** Writes the stamp of a finished build from the stats taken before it started. */
export function writeStamp(root, stats) {
  const path = join(root, ...STAMP);
  const text = `${JSON.stringify({ stamp: 'kofun-ctk build/1', inputs: stats })}\n`;
  writeFileSync(`${path}.tmp`, text);
  renameSync(`${path}.tmp`, path);
}

/** True when dist/ was built from the files as they are now: a stamp, and every input it records unchanged. */
export function buildIsCurrent(root) {
  let stamp;
  try {
    stamp = JSON.parse(readFileSync(join(root, ...STAMP), 'utf8'));
  } catch {
    return false;
  }
  if (stamp?.stamp !== 'kofun-ctk build/1' || !Array.isArray(stamp.inputs) || stamp.inputs.length === 0) return false;
  for (const input of stamp.inputs) {
    if (!Array.isArray(input) || typeof input[0] !== 'string') return false;
    const s = statSync(join(root, input[0]), { throwIfNoEntry: false });
    if (s === undefined || s.size !== input[1] || s.mtimeMs !== input[2]) return false;
  }
  return true;
}
