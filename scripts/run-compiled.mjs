// Runs one of the kit's TypeScript programs compiled: `node scripts/run-compiled.mjs FILE.ts [ARG ...]` makes a fresh
// compiled tree (scripts/compile-tree.mjs), runs FILE's compiled copy in this process with ARG ... as its arguments,
// and removes the tree when the program exits. The maintainers' `vectors` and `report` commands run this way: the
// report's census starts some sixty provider processes, and each then starts as plain JavaScript with precompiled
// validators; the tree is made from the sources as they are now, so it is never stale.
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { compiledPath, compileTree, SOURCE_FOLDERS, treeFolder, typeScriptFiles } from './compile-tree.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const [file, ...args] = process.argv.slice(2);
if (file === undefined || !typeScriptFiles(root).includes(file)) {
  const why = file === undefined ? 'no FILE' : `${file} is not a .ts file below ${SOURCE_FOLDERS.join('/, ')}/`;
  process.stderr.write(
    `run-compiled: ${why}\nusage: node scripts/run-compiled.mjs FILE.ts [ARG ...] (FILE relative to the kit root)\n`,
  );
  process.exit(2);
}
process.setSourceMapsEnabled(true);
const tree = treeFolder(root, 'run-');
try {
  await compileTree(root, tree);
} catch (err) {
  process.stderr.write(`run-compiled: the compiled tree could not be made: ${err.message}\n`);
  process.exit(70);
}
const program = compiledPath(tree, file);
process.argv = [process.argv[0], program, ...args];
await import(pathToFileURL(program).href);
