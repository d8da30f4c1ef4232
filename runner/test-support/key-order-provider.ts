// A provider whose answer follows the order of the fixture file's keys: the reference oracle, but when the file's
// top-level keys are not in byte order it loses the last row, as a provider that reads the first fields it meets
// would (KD-ORDER-12). The committed fixture files are canonical, so every vector passes; a file with its keys
// reordered (the fresh phase's renamed worlds, the metamorphic variants) shows it.
import { editResult, rowsOf, runBrokenProvider } from './broken-providers/broken-provider.js';

/** What the loader adds after the file's own keys (oracle/fixture/load-fixture.ts), which keep the file's order. */
const DERIVED = new Set(['candidatesInOrder', 'sourceBytes', 'currentKey', 'interfaceSetOverCap', 'fixtureSha256']);

runBrokenProvider('answer follows the order of the fixture keys', {
  result: editResult((value, { fixture }) => {
    const keys = Object.keys(fixture).filter((k) => !DERIVED.has(k));
    const inOrder = keys.every((k, i) => i === 0 || (keys[i - 1] as string) < k);
    const rows = rowsOf(value);
    if (inOrder || rows.length === 0) return false;
    rows.pop();
    return true;
  }),
});
