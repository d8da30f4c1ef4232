// Broken provider: a row's receiver_mode reported as the strongest mode the receiver permits (take, then edit,
// then read) instead of the mode the operation requires (KD-OWN-06, L274, L417).
import { editResult, parseRequest, rowsOf, runBrokenProvider } from './broken-provider.js';

runBrokenProvider('receiver mode as the strongest the receiver permits', {
  result: editResult((value, { fixture, request }) => {
    const span = parseRequest(request)?.position?.expression as { start: number; end: number } | undefined;
    const occurrence = fixture.occurrences.find(
      (o) => span !== undefined && o.span.start === span.start && o.span.end === span.end,
    );
    if (occurrence === undefined) return false;
    const { permits } = occurrence;
    const strongest = permits.take ? 'take' : permits.edit ? 'edit' : permits.read ? 'read' : null;
    if (strongest === null) return false;
    let changed = false;
    for (const row of rowsOf(value)) {
      if (row.receiver_mode === null || row.receiver_mode === 'none' || row.receiver_mode === strongest) continue;
      row.receiver_mode = strongest;
      changed = true;
    }
    return changed;
  }),
});
