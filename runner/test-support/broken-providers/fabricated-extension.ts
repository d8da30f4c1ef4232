// Broken provider: instead of reporting extension work as unsupported-in-profile, fabricates a
// callable extension row (KD-LOOKUP-11, KD-ORIGIN-06, OQ-19).
import { encodeLikeCanonical, parseResult, runBrokenProvider } from './broken-provider.js';

type Row = { identity: { value: string } };

runBrokenProvider('fabricated extension rows', {
  result: ({ result, fixture }) => {
    const value = parseResult(result) as { status: string; operations: Row[]; omissions: { reason: string }[] };
    const candidate = fixture.candidatesInOrder.find((c) => c.origin.kind === 'extension' || c.origin.kind === 'trait');
    if (candidate === undefined || !value.omissions.some((o) => o.reason === 'unsupported-in-profile')) return result;
    value.omissions = value.omissions.filter((o) => o.reason !== 'unsupported-in-profile');
    const row = {
      availability: 'callable',
      dependencies: [],
      diagnostic_ids: [],
      display_name: candidate.display_name,
      documentation: null,
      effects: [],
      generic_requirements: [],
      identity: { kind: 'SymbolId', value: candidate.identity },
      origin: {
        implementation_identity: {
          kind: 'ImplementationId',
          value: candidate.origin.implementation_identity ?? 'e'.repeat(64),
        },
        kind: 'extension',
        module: candidate.origin.module,
        module_identity: { kind: 'ModuleId', value: candidate.origin.module_identity },
        status: 'validated',
        trait: null,
        trait_identity: null,
      },
      qualified_name: candidate.qualified_name,
      receiver_mode: 'read',
      rejection_reasons: [],
      signature: candidate.signature ?? `${candidate.display_name}()`,
      source: null,
      status: 'validated',
      visibility: candidate.visibility,
    };
    value.operations.push(row);
    value.operations.sort((a, b) =>
      a.identity.value < b.identity.value ? -1 : a.identity.value > b.identity.value ? 1 : 0,
    );
    if (value.status === 'partial' && value.omissions.length === 0) value.status = 'complete';
    return encodeLikeCanonical(value);
  },
});
