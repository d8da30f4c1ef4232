// The kit's TypeScript compiled into a fresh folder under .tmp/, for the commands of a checkout that start many
// processes from the sources: `npm test` (scripts/run-tests.mjs) and the maintainers' `vectors` and `report`
// (scripts/run-compiled.mjs). Every process started from the tree pays node's start, not a TypeScript loader's and
// not an ajv compile of the schemas. A tree is made for one command and removed after it, so none is ever stale.
import { spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { build, stop } from 'esbuild';

/** The folders holding the kit's TypeScript. */
export const SOURCE_FOLDERS = ['oracle', 'runner', 'suites', 'scripts'];

/** Every .ts file below the source folders of `root`, relative and `/`-separated, sorted. */
export function typeScriptFiles(root) {
  const out = [];
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile() && entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts'))
        out.push(relative(root, path).split(sep).join('/'));
    }
  };
  for (const folder of SOURCE_FOLDERS) walk(join(root, folder));
  return out.sort();
}

/**
 * Makes an empty folder for a tree under `root`/.tmp/ (inside the kit, so the kit root is found from a module's
 * folder and node_modules resolves) and removes it when this process exits, however it exits.
 */
export function treeFolder(root, prefix) {
  mkdirSync(join(root, '.tmp'), { recursive: true });
  const dir = mkdtempSync(join(root, '.tmp', prefix));
  process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

function precompileSchemas(root, out) {
  return new Promise((resolve, reject) => {
    const argv = ['--import', 'tsx', join(root, 'scripts', 'compile-schemas.mjs'), '--out', out];
    const child = spawn(process.execPath, argv, { cwd: root, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (c) => (stderr += c));
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`compile-schemas: exit ${code}: ${stderr.trim()}`)),
    );
  });
}

/**
 * Transpiles every source file of `root` into `outDir`, one module per file at the same relative path (so relative
 * imports, `import.meta.url` siblings and the kit root found from a module's folder hold), with esbuild: the transform
 * the TypeScript loader applies when a file is run from source, done once instead of in every process. Beside it, the
 * build step precompiles the schema validators into the tree, as `npm run build` does into dist/ (the registry still
 * uses a precompiled validator only when it was made from the schema files on disk now).
 */
export async function compileTree(root, outDir) {
  const modules = build({
    entryPoints: typeScriptFiles(root).map((s) => join(root, s)),
    outdir: outDir,
    outbase: root,
    format: 'esm',
    platform: 'node',
    target: `node${process.versions.node}`,
    sourcemap: true,
    logLevel: 'silent',
  });
  // The plain JavaScript of bin/ that the TypeScript imports (the build stamp), at its place in the tree.
  cpSync(join(root, 'bin'), join(outDir, 'bin'), { recursive: true });
  try {
    await Promise.all([modules, precompileSchemas(root, join(outDir, 'oracle', 'records', 'compiled-schemas'))]);
  } finally {
    await stop();
  }
}

/** The compiled copy in `treeDir` of the kit's TypeScript file `relativePath`. */
export function compiledPath(treeDir, relativePath) {
  return join(treeDir, relativePath.replace(/\.ts$/, '.js'));
}
