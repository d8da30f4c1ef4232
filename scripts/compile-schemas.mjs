// Precompiles the validators of every schema in oracle/schemas/ with ajv's standalone code generation, run by
// `npm run build` after tsc (plain JavaScript, so that `npm pack`'s prepack needs no TypeScript loader).
// Writes one CommonJS module per schema (default dist/oracle/records/compiled-schemas/NAME.cjs, so a process loads
// only the validators it uses) that the schema registry loads with createRequire when the SHA-256 it records
// equals that of the schema files on disk; otherwise the registry compiles the schemas itself. The schema files
// are read and digested by the kit's own module (oracle/records/schema-files.ts), through dist/.
//
// usage: node scripts/compile-schemas.mjs [--schemas DIR] [--out DIR]
// Exit 0 written, 2 usage or input error (one line on stderr).
import { mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const SCHEMA_ID_PREFIX = 'urn:kofun-ctk:schema:';

/** The compiled module's file name: `kofun.ctk.fixture.v1.schema.json` -> `kofun.ctk.fixture.v1.cjs`. */
function moduleFileName(schemaFile) {
  return schemaFile.replace(/\.schema\.json$/, '.cjs');
}

/**
 * The generated modules' texts, one per schema file of `files` ({name, bytes}, in the order given), each holding
 * the validator of its schema (and of what it references) and the digest of the whole set. The ajv options are the
 * ones the registry compiles with (oracle/records/schema-registry.ts), plus code.source, which standalone
 * generation requires and which does not change what a validator reports. Each module gets its own ajv instance,
 * so its text does not depend on which other modules were generated before it.
 */
function compiledModuleTexts(files, digest) {
  const Ajv2020 = require('ajv/dist/2020.js').default;
  const standaloneCode = require('ajv/dist/standalone/index.js').default;
  const ajvVersion = require('ajv/package.json').version;
  const schemas = files.map((file) => {
    const schema = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(file.bytes));
    const id = schema?.['$id'];
    if (typeof id !== 'string' || !id.startsWith(SCHEMA_ID_PREFIX))
      throw new Error(`${file.name}: no ${SCHEMA_ID_PREFIX} $id`);
    return { file: file.name, id };
  });
  return schemas.map(({ file, id }) => {
    const ajv = new Ajv2020({ strict: true, allErrors: true, verbose: true, code: { source: true, esm: false } });
    // Parsed again for each instance: ajv annotates the schema objects it is given.
    for (const f of files) ajv.addSchema(JSON.parse(new TextDecoder().decode(f.bytes)));
    const code = standaloneCode(ajv, { validate: id });
    const text =
      '// Generated file; do not edit. Written by scripts/compile-schemas.mjs (npm run build) with the standalone\n' +
      `// code generation of ajv ${ajvVersion} (strict, allErrors, verbose, JSON Schema 2020-12): the validator of\n` +
      `// ${id.slice(SCHEMA_ID_PREFIX.length)} (oracle/schemas/${file}). schemaFilesSha256 is the digest of\n` +
      '// the schema files it was made from (oracle/records/schema-files.ts).\n' +
      code +
      `\nexports.schemaFilesSha256 = ${JSON.stringify(digest)};\n`;
    return { name: moduleFileName(file), text };
  });
}

async function main() {
  let values;
  try {
    ({ values } = parseArgs({
      args: process.argv.slice(2),
      options: { schemas: { type: 'string' }, out: { type: 'string' } },
      strict: true,
      allowPositionals: false,
    }));
  } catch (err) {
    process.stderr.write(`compile-schemas: ${err instanceof Error ? err.message : 'bad arguments'}\n`);
    return 2;
  }
  const schemaDir = values.schemas ?? join(root, 'oracle', 'schemas');
  const out = values.out ?? join(root, 'dist', 'oracle', 'records', 'compiled-schemas');
  let schemaFiles;
  try {
    schemaFiles = await import('../dist/oracle/records/schema-files.js');
  } catch {
    // The kit's tests run this step from the sources, under a TypeScript loader, before any build.
    try {
      schemaFiles = await import('../oracle/records/schema-files.ts');
    } catch {
      process.stderr.write('compile-schemas: dist/oracle/records/schema-files.js is missing: run tsc first\n');
      return 2;
    }
  }
  let modules;
  try {
    const files = schemaFiles.readSchemaFiles(schemaDir);
    if (files.length === 0) throw new Error(`no *.schema.json file in ${schemaDir}`);
    modules = compiledModuleTexts(files, schemaFiles.schemaFilesDigest(files));
  } catch (err) {
    // An unreadable folder, a file that is not JSON, a schema ajv refuses in strict mode: the input is at fault.
    process.stderr.write(`compile-schemas: ${err instanceof Error ? err.message : String(err)}\n`);
    return 2;
  }
  mkdirSync(out, { recursive: true });
  // A module of a schema file that is gone would never be read, but it is not left to look current.
  const wanted = new Set(modules.map((m) => m.name));
  for (const f of readdirSync(out)) if (f.endsWith('.cjs') && !wanted.has(f)) rmSync(join(out, f));
  let bytes = 0;
  for (const { name, text } of modules) {
    // Written beside and renamed, so a reader never sees half a module.
    const partial = join(out, `${name}.partial-${process.pid}`);
    writeFileSync(partial, text);
    renameSync(partial, join(out, name));
    bytes += Buffer.byteLength(text);
  }
  process.stdout.write(
    `compile-schemas: wrote ${modules.length} modules to ${relative(root, out) || out} (${bytes} bytes)\n`,
  );
  return 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (err) => {
    process.stderr.write(`compile-schemas: internal error: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exitCode = 70;
  },
);
