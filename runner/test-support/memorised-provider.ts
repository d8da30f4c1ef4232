// A provider that memorised the published vectors: the reference answer for every request a
// committed vector sends, and the reference answer without its final LF (KD-CANON-02) for any
// other request. The vectors alone pass it; the fresh phase of every run and the fuzz phase of `run --fuzz N` catch it
// (fixture-memoriser-provider.ts keys on the fixture as well).
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { kitRoot } from '../../oracle/internal.js';
import { loadVectorSet } from '../vectors/vector-source.js';
import { runBrokenProvider } from './broken-providers/broken-provider.js';

const sha = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');
const set = loadVectorSet(join(kitRoot(), 'vectors'));
const known = new Set(
  set.queryVectors.map((entry) => {
    const read = set.readVector(entry);
    if (!read.ok) throw new Error(read.reason);
    return sha(read.value.request);
  }),
);

runBrokenProvider('memorised the vectors', {
  result: ({ result, request }) => (known.has(sha(request)) ? result : result.subarray(0, result.length - 1)),
});
