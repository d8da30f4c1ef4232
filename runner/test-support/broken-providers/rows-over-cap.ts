// Broken provider: where the reference truncates, returns more than 4,096 rows and
// truncated: false instead (KD-LIMIT-05, KD-LIMIT-10).
import { encodeLikeCanonical, parseResult, runBrokenProvider } from './broken-provider.js';

type Row = { identity: { value: string } };

function nextId(hex: string, step: number): string {
  return (BigInt(`0x${hex}`) + BigInt(step)).toString(16).padStart(64, '0').slice(-64);
}

runBrokenProvider('rows over the cap without truncation', {
  result: ({ result }) => {
    const value = parseResult(result) as {
      truncated: boolean;
      status: string;
      operations: Row[];
      omissions: { reason: string }[];
    };
    if (!value.truncated || value.operations.length === 0) return result;
    value.truncated = false;
    value.omissions = value.omissions.filter((o) => o.reason !== 'limit-exhausted');
    const last = value.operations[value.operations.length - 1] as Row;
    for (let i = 1; value.operations.length <= 4096; i++) {
      const clone = JSON.parse(JSON.stringify(last)) as Row;
      clone.identity.value = nextId(last.identity.value, i);
      value.operations.push(clone);
    }
    return encodeLikeCanonical(value);
  },
});
