// Broken provider: applies the 64-dependency cap to the entries a row gathers from itself, its origin and its nested
// records before they are made unique, so a row of 64 unique dependencies gathered from more entries is cut as if over
// the cap: unavailable with limit-exhausted, or dropped when unavailable rows are not asked for, and the result
// truncated (KD-LIMIT-06, L77, L224: dependency arrays are unique, and the cap counts what a fact lists).
import { editResult, parseRequest, rowsOf, runBrokenProvider, type Loose } from './broken-provider.js';

const CAP = 64;

runBrokenProvider('the dependency cap counted before de-duplication', {
  result: editResult((value, { fixture, request }) => {
    const query = parseRequest(request)?.query as Loose | undefined;
    if (query === undefined || !Array.isArray(value.operations)) return false;
    const kept: Loose[] = [];
    let cut = false;
    for (const row of rowsOf(value)) {
      const c = fixture.candidatesInOrder.byIdentity(String(row.identity?.value));
      const entries =
        c === undefined
          ? 0
          : c.dependencies.length +
            c.origin.dependencies.length +
            c.generic_requirements.reduce((n, g) => n + g.dependencies.length, 0) +
            c.effects.reduce((n, e) => n + (e.public ? e.dependencies.length : 0), 0);
      const reasons = (row.rejection_reasons ?? []) as string[];
      if (entries <= CAP || reasons.includes('limit-exhausted')) {
        kept.push(row);
        continue;
      }
      cut = true;
      if (query.kind !== 'explain-operation' && query.include_unavailable !== true) continue;
      Object.assign(row, {
        status: 'unavailable',
        availability: 'unavailable',
        signature: null,
        receiver_mode: null,
        rejection_reasons: [...new Set([...reasons, 'incomplete-analysis', 'limit-exhausted'])].sort(),
      });
      kept.push(row);
    }
    if (!cut) return false;
    value.operations = kept;
    value.truncated = true;
    value.status = 'partial';
    return true;
  }),
});
