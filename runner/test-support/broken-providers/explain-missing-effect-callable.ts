// Broken provider: only for explain-operation, presents an operation whose public effect is not held as
// callable (KD-EFFECT-05, KD-EFFECT-06).
import { editResult, rowsOf, runBrokenProvider } from './broken-provider.js';

runBrokenProvider('explained missing effect shown callable', {
  result: editResult((value, { query }) => {
    if (query?.kind !== 'explain-operation') return false;
    const row = rowsOf(value)[0];
    if (
      row === undefined ||
      row.status !== 'validated' ||
      row.rejection_reasons.length !== 1 ||
      row.rejection_reasons[0] !== 'missing-effect'
    )
      return false;
    row.availability = 'callable';
    row.rejection_reasons = [];
    return true;
  }),
});
