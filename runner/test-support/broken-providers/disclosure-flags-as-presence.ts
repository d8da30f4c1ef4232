// Broken provider: gates a row's source and documentation on the compiler's disclosure flags alone, and fills what the
// compiler does not have: the link template renders `kofun-doc:null` and the location falls back to the span the
// query asked about, where a source or link the compiler marks disclosable but does not have is null (KD-DISCLOSE-04,
// L287).
import { editResult, rowsOf, runBrokenProvider } from './broken-provider.js';

runBrokenProvider('source and documentation gated on the disclosure flags alone', {
  result: editResult((value, { fixture, request }) => {
    const asked = JSON.parse(Buffer.from(request).toString('utf8')) as {
      analysis?: { file_id?: string };
      position?: { expression?: { start: number; end: number } };
    };
    const span = asked.position?.expression;
    let changed = false;
    for (const row of rowsOf(value)) {
      const c = fixture.candidatesInOrder.byIdentity(String(row.identity?.value));
      if (c === undefined) continue;
      if (c.disclose_documentation && c.documentation === null) {
        row.documentation = `kofun-doc:${String(c.documentation)}`;
        changed = true;
      }
      if (c.disclose_source && c.source === null && span !== undefined) {
        row.source = { file_id: asked.analysis?.file_id, span: { end: span.end, start: span.start } };
        changed = true;
      }
    }
    return changed;
  }),
});
