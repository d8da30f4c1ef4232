// Broken provider: lists each row's dependencies in the order the fixture gives them (the candidate's own, then its
// origin's, its generic requirements' and its effects', each array as given), never sorting them (KD-ORDER-02). A
// fixture whose arrays are in canonical order hides it; every array reversed shows it, whatever the seed.
import { editResult, rowsOf, runBrokenProvider, type Loose } from './broken-provider.js';

const keyOf = (d: Loose): string => `${String(d.kind)}\u0000${String(d.source)}\u0000${String(d.value)}`;

runBrokenProvider('dependencies in fixture order', {
  result: editResult((value, { fixture }) => {
    let changed = false;
    for (const row of rowsOf(value)) {
      const candidate = fixture.candidates.find((c) => c.identity === (row.identity as Loose | undefined)?.value);
      if (candidate === undefined || !Array.isArray(row.dependencies)) continue;
      const given = [
        ...candidate.dependencies,
        ...candidate.origin.dependencies,
        ...candidate.generic_requirements.flatMap((r) => r.dependencies),
        ...candidate.effects.flatMap((e) => e.dependencies),
      ].map((d) => keyOf(d as unknown as Loose));
      const place = (d: Loose): number => {
        const i = given.indexOf(keyOf(d));
        return i < 0 ? given.length : i;
      };
      const before = JSON.stringify(row.dependencies);
      row.dependencies = [...(row.dependencies as Loose[])].sort((a, b) => place(a) - place(b));
      changed ||= JSON.stringify(row.dependencies) !== before;
    }
    return changed;
  }),
});
