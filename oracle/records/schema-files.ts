/**
 * The kit's schema files as bytes, and the one digest of them. The build step that precompiles the validators
 * (scripts/compile-schemas.mjs, through dist/) and the schema registry at run time both read the files through
 * this module, so the digest the compiled module records and the digest of the files on disk now are computed the
 * same way: a compiled module is used only when the two are equal.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { compareUtf8 } from '../canonical-json/compare-utf8.js';
import { createSha256 } from '../digest/sha256-hex.js';

/** One schema file: its file name (no folder) and its exact bytes. */
export interface SchemaFile {
  name: string;
  bytes: Uint8Array;
}

/** The `*.schema.json` files of `dir`, in UTF-8 byte order of their names. */
export function readSchemaFiles(dir: string): SchemaFile[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.schema.json'))
    .sort(compareUtf8)
    .map((name) => ({ name, bytes: new Uint8Array(readFileSync(join(dir, name))) }));
}

/**
 * SHA-256 (lowercase hex) of the schema files, names and bytes, in the order given: for each file its name's and
 * its content's byte lengths frame them, so no two different sets of files share one input.
 */
export function schemaFilesDigest(files: readonly SchemaFile[]): string {
  const h = createSha256().update('kofun-ctk schema files\n');
  for (const f of files) {
    const name = new TextEncoder().encode(f.name);
    h.update(`${name.length}:`).update(name).update(`\n${f.bytes.length}:`).update(f.bytes).update('\n');
  }
  return h.hex();
}
