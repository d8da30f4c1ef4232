/**
 * The maintainers' checks remember what depends only on the vector set and the kit build, so `vectors check` and
 * `report --check` repeat no work whose inputs are unchanged: the verifier's findings on a vector, the reference
 * oracle's verdict on a vector, a row of the broken-provider census. Each answer is stored under a key that is the
 * SHA-256 of everything it depends on: the content of every source file the computing code can load (its import
 * closure, followed through static and dynamic relative imports, from TypeScript sources), the data files it reads
 * (the register, the schemas, the lockfile), the Node.js version, and the input's own digests (vector file, fixture,
 * the vectors a census row runs). A changed input or a changed line of code is another key, so a stale answer is never
 * found; the cache only saves time. It lives in `node_modules/.cache/kofun-ctk/` (never committed), one file per kind
 * and code digest, written atomically; a file that is missing, unreadable or of another shape is an empty cache.
 */
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { compareUtf8, sha256Hex } from '../../oracle/index.js';
import { kitRoot } from '../../oracle/internal.js';
import { writeFileAtomically } from './write-tree.js';

/** Where the cache files live. */
export function cacheDir(): string {
  return join(kitRoot(), 'node_modules', '.cache', 'kofun-ctk');
}

const IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)(['"])(\.{1,2}\/[^'"]+)\1/g;

/** Every source file `entries` can load through relative imports (kit-root-relative, `/`-separated, sorted). */
export function importClosure(entries: readonly string[], root: string = kitRoot()): string[] {
  const seen = new Set<string>();
  const queue = entries.map((e) => resolve(root, e));
  while (queue.length > 0) {
    const file = queue.pop() as string;
    if (seen.has(file) || !existsSync(file)) continue;
    seen.add(file);
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(IMPORT)) {
      const spec = m[2] as string;
      const target = resolve(dirname(file), spec);
      // Sources import each other as `.js`; the file on disk is the `.ts` beside it.
      const candidates = spec.endsWith('.js') ? [target.replace(/\.js$/, '.ts'), target] : [target];
      const found = candidates.find((c) => existsSync(c));
      if (found !== undefined) queue.push(found);
    }
  }
  return [...seen].map((f) => relative(root, f).split(sep).join('/')).sort();
}

/** The data every check reads besides its sources: the register, the schemas, the lockfile. */
export function dataFiles(root: string = kitRoot()): string[] {
  const schemas = readdirSync(join(root, 'oracle', 'schemas'))
    .filter((n) => n.endsWith('.json'))
    .sort()
    .map((n) => `oracle/schemas/${n}`);
  return ['oracle/interpretations.json', 'package-lock.json', ...schemas];
}

/** The SHA-256 of the named files' paths and contents and the Node.js version: a kit build, as one code digest. */
export function buildDigest(files: readonly string[], root: string = kitRoot()): string {
  const parts = [`node ${process.version}`];
  for (const f of [...new Set(files)].sort()) {
    const path = join(root, f);
    parts.push(`${f} ${existsSync(path) ? sha256Hex(readFileSync(path)) : 'absent'}`);
  }
  return sha256Hex(parts.join('\n'));
}

/** The code digest of a check computed by the modules `entries`: their import closure and the data files. */
export function codeDigest(entries: readonly string[]): string {
  return buildDigest([...importClosure(entries), ...dataFiles()]);
}

/**
 * One kind of cached answer for one code digest: `get` and `set` by input key, `save` writes what was set (and removes
 * the files of other code digests of the kind, which can never be found again).
 */
export class CheckCache<T> {
  private readonly entries = new Map<string, T>();
  private readonly used = new Set<string>();
  private changed = false;
  private found = 0;
  private readonly file: string;

  constructor(
    private readonly kind: string,
    code: string,
    private readonly valid: (value: unknown) => value is T,
  ) {
    this.file = join(cacheDir(), `${kind}-${code}.json`);
    try {
      const value = JSON.parse(readFileSync(this.file, 'utf8')) as unknown;
      if (value !== null && typeof value === 'object' && !Array.isArray(value))
        for (const [k, v] of Object.entries(value)) if (this.valid(v)) this.entries.set(k, v);
    } catch {
      // No cache, or an unreadable one: every answer is computed.
    }
  }

  /** The answer stored under `key`, if any. */
  get(key: string): T | undefined {
    const hit = this.entries.get(key);
    if (hit !== undefined) {
      this.used.add(key);
      this.found += 1;
    }
    return hit;
  }

  set(key: string, value: T): void {
    this.entries.set(key, value);
    this.used.add(key);
    this.changed = true;
  }

  /** How many answers were found rather than computed since this cache was opened. */
  get hits(): number {
    return this.found;
  }

  /** Writes the answers used in this run (older ones of the same code are dropped) and removes stale files. */
  save(): void {
    if (!this.changed && this.used.size === this.entries.size) return;
    const kept = Object.fromEntries(
      [...this.entries].filter(([k]) => this.used.has(k)).sort(([a], [b]) => compareUtf8(a, b)),
    );
    try {
      writeFileAtomically(this.file, new TextEncoder().encode(JSON.stringify(kept)));
      for (const name of readdirSync(cacheDir()))
        if (name.startsWith(`${this.kind}-`) && join(cacheDir(), name) !== this.file)
          rmSync(join(cacheDir(), name), { force: true });
    } catch {
      // A cache that cannot be written only costs the next run its time.
    }
  }
}

/** The key of an answer about one vector: its file's and its fixture's SHA-256. */
export function vectorKey(vectorFileSha256: string, fixtureSha256: string): string {
  return sha256Hex(`${vectorFileSha256}:${fixtureSha256}`);
}
