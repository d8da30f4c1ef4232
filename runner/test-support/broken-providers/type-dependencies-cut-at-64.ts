// Broken provider: lists the first 64 of a type fact's dependencies and keeps its status, identity and display, as if
// the cap only limited the list, where a fact that cannot list its closure is not validated (KD-LIMIT-06, L77, L231;
// OQ-09 A).
import { LIMIT_PROFILE, RESULT_SCHEMA } from '../../../oracle/index.js';
import { encodeLikeCanonical, parseRequest, parseResult, runBrokenProvider, type Loose } from './broken-provider.js';

const CAP = 64;
const keyOf = (k: Loose): string => `${String(k.source)}\u0000${String(k.kind)}\u0000${String(k.value)}`;

runBrokenProvider('type dependencies cut at 64, the type kept validated', {
  result: ({ fixture, request, result }) => {
    const asked = parseRequest(request);
    const value = parseResult(result) as Loose;
    // A type query whose type fact the cap downgraded: no useful fact, unavailable with limit-exhausted.
    if (asked?.query?.kind !== 'type' || value.status !== 'unavailable' || value.reason !== 'limit-exhausted')
      return result;
    const span = asked.position?.expression as Loose | undefined;
    const occurrence = fixture.occurrences.find((o) => o.span.start === span?.start && o.span.end === span?.end);
    const t = occurrence?.type;
    if (t === undefined || t.identity === null || t.status !== 'validated') return result;
    const unique = new Map(t.dependencies.map((k) => [keyOf(k), k] as const));
    if (unique.size <= CAP) return result;
    const listed = [...unique.entries()]
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .slice(0, CAP)
      .map(([, k]) => ({ kind: k.kind, source: k.source, status: 'validated', value: k.value }));
    return encodeLikeCanonical({
      analysis: asked.analysis,
      authoritative: false,
      diagnostics: [],
      limit_profile: LIMIT_PROFILE,
      omissions: [],
      operations: [],
      reason: null,
      schema: RESULT_SCHEMA,
      status: 'complete',
      truncated: false,
      type: {
        dependencies: listed,
        diagnostic_ids: [],
        display: t.display,
        identity: { kind: t.identity.kind, value: t.identity.value },
        reason: null,
        status: 'validated',
      },
    });
  },
});
