// Broken provider: lists the candidate's non-public effect requirements on its row (KD-EFFECT-07).
import { editResult, rowsOf, runBrokenProvider, type Loose } from './broken-provider.js';

import type { FixtureCandidate } from '../../../oracle/index.js';

runBrokenProvider('non-public effects listed', {
  result: editResult((value, { fixture }) => {
    const byId = new Map<string, FixtureCandidate>(fixture.candidatesInOrder.map((c) => [c.identity, c]));
    let changed = false;
    for (const row of rowsOf(value)) {
      const hidden = byId.get(row.identity.value)?.effects.filter((e) => !e.public) ?? [];
      if (hidden.length === 0) continue;
      const listed = row.effects as Loose[];
      for (const e of hidden)
        listed.push({
          display: e.display,
          identity: { kind: e.identity.kind, value: e.identity.value },
          status: e.status,
        });
      listed.sort((a, b) => (a.identity.value < b.identity.value ? -1 : 1));
      changed = true;
    }
    return changed;
  }),
});
