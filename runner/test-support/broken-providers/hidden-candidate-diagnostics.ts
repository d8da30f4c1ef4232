// Broken provider: collects the diagnostics of every candidate the query considers before the disclosure filter, so a
// hidden candidate's own diagnostics reach the result, where no result carries what identifies a hidden declaration
// (KD-DISCLOSE-07, L389).
import { editResult, hiddenIn, parseRequest, runBrokenProvider, type Loose } from './broken-provider.js';

runBrokenProvider('diagnostics collected before the disclosure filter', {
  result: editResult((value, { fixture, request }) => {
    const query = parseRequest(request)?.query as Loose | undefined;
    if (query === undefined || query.kind === 'type') return false;
    if (value.status !== 'complete' && value.status !== 'partial') return false;
    const world = fixture as unknown as Loose;
    const typeId = value.type?.identity?.value as string | undefined;
    const considered = (c: Loose): boolean =>
      query.kind === 'explain-operation'
        ? c.display_name === query.spelling
        : c.receiver_type === null || c.receiver_type === typeId;
    const ids = new Set<string>(((value.diagnostics ?? []) as Loose[]).map((d) => d.id as string));
    const before = ids.size;
    for (const c of fixture.candidates as unknown as Loose[])
      if (considered(c) && hiddenIn(world, c) === true) for (const d of c.diagnostic_ids as string[]) ids.add(d);
    if (ids.size === before) return false;
    value.diagnostics = fixture.diagnostics
      .filter((d) => ids.has(d.id))
      .sort((a, b) => (a.id < b.id ? -1 : 1))
      .map((d) => ({
        category: d.category,
        code: d.code,
        fallback_text: d.fallback_text,
        id: d.id,
        primary: d.disclose_primary ? d.primary : null,
        severity: d.severity,
        template_id: d.template_id,
      }));
    return true;
  }),
});
