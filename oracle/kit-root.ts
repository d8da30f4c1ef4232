import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { existsSync } from 'node:fs';

let root: string | undefined;

/** The kit's package root (the folder of its package.json), found from this module's location. */
export function kitRoot(): string {
  if (root !== undefined) return root;
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = join(dir, 'package.json');
    if (existsSync(candidate)) {
      const pkg = JSON.parse(readFileSync(candidate, 'utf8')) as { name?: unknown };
      if (pkg.name === 'kofun-ctk') return (root = dir);
    }
    const parent = dirname(dir);
    if (parent === dir) throw new Error('kofun-ctk package root not found');
    dir = parent;
  }
}

let version: string | undefined;

/** The kit's version from package.json, read once: a file changed later never changes what a report says. */
export function kitVersion(): string {
  if (version !== undefined) return version;
  const pkg = JSON.parse(readFileSync(join(kitRoot(), 'package.json'), 'utf8')) as { version: string };
  return (version = pkg.version);
}
