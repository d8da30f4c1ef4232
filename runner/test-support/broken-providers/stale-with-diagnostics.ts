// Broken provider: attaches the fixture's diagnostics, from another analysis, to stale results (KD-RES-10,
// OQ-30).
import { editResult, runBrokenProvider } from './broken-provider.js';

runBrokenProvider('stale result with diagnostics', {
  result: editResult((value, { fixture }) => {
    const d = fixture.diagnostics[0];
    if (value.status !== 'stale') return false;
    value.diagnostics = [
      {
        category: d?.category ?? 'stale',
        code: d?.code ?? 'S0001',
        fallback_text: d?.fallback_text ?? 'the file changed since the last analysis',
        id: d?.id ?? 'f'.repeat(64),
        primary: null,
        severity: d?.severity ?? 'warning',
        template_id: d?.template_id ?? 'stale',
      },
    ];
    return true;
  }),
});
