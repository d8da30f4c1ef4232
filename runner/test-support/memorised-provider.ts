// A provider that memorised the published vectors: the reference answer for every request a
// committed vector sends, and the reference answer without its final LF (KD-CANON-02) for any
// other request. The vectors alone pass it; the fresh phase of every run and the fuzz phase of `run --fuzz N` catch it
// (fixture-memoriser-provider.ts keys on the fixture as well).
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isVectorPath, kitRoot, vectorBytes, type ManifestFile, type VectorFile } from '../../oracle/internal.js';
import { runBrokenProvider } from './broken-providers/broken-provider.js';

const sha = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');
// The request of every query vector the manifest lists, read as the files are: checking the set is the runner's
// part (vector-source.ts), and through its checks every instance would spend a second before its first answer.
const readJson = (path: string): unknown => JSON.parse(readFileSync(join(kitRoot(), 'vectors', path), 'utf8'));
const known = new Set<string>();
for (const { path } of (readJson('manifest.json') as ManifestFile).files) {
  const bytes = isVectorPath(path) ? vectorBytes(readJson(path) as VectorFile) : undefined;
  if (bytes !== undefined) known.add(sha(bytes.request));
}

runBrokenProvider('memorised the vectors', {
  result: ({ result, request }) => (known.has(sha(request)) ? result : result.subarray(0, result.length - 1)),
});
