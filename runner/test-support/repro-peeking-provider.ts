/**
 * A provider that looks into the repro folder named by KCTK_REPRO_DIR while it answers its query, as a provider that
 * found a left-over or half-written repro folder would: it answers with the bytes of the folder's expected.json when
 * it is there (a cheat `repro` must make impossible), and otherwise with one line of JSON saying what it found
 * (`{"marker":true,"expected":false}`), which is no result and so a FAIL the test reads back from actual.bin.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runBrokenProvider } from './broken-providers/broken-provider.js';

const dir = process.env.KCTK_REPRO_DIR ?? '';

runBrokenProvider('peeks into the repro folder', {
  result: () => {
    const expected = join(dir, 'expected.json');
    if (existsSync(expected)) return new Uint8Array(readFileSync(expected));
    const seen = { marker: existsSync(join(dir, '.kofun-ctk-repro')), expected: false };
    return new TextEncoder().encode(`${JSON.stringify(seen)}\n`);
  },
});
