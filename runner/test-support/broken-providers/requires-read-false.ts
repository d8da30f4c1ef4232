// Broken provider: rejects operations needing read on a receiver that permits read (KD-OWN-06).
import { editResult, rowsOf, runBrokenProvider } from './broken-provider.js';

runBrokenProvider('false requires-read', {
  result: editResult((value) => {
    const row = rowsOf(value).find((r) => r.availability === 'callable' && r.receiver_mode === 'read');
    if (row === undefined) return false;
    row.availability = 'unavailable';
    row.rejection_reasons = ['requires-read'];
    if (value.status === 'complete') value.status = 'partial';
    return true;
  }),
});
