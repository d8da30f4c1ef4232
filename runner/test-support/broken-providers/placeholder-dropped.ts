// Broken provider: drops the compiler's placeholder display (such as _T1) of a provisional type (KD-TYPE-04).
import { editResult, runBrokenProvider } from './broken-provider.js';

runBrokenProvider('provisional type placeholder dropped', {
  result: editResult((value) => {
    if (value.type?.status !== 'provisional' || value.type.display === null) return false;
    value.type.display = null;
    return true;
  }),
});
