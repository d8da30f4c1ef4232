// Broken provider: works out where the 256-diagnostic cap cuts the rows by counting each row's own diagnostic IDs (the
// operation's), not those of the error facts it reaches, though every row it keeps still carries them all; so a cut
// result keeps rows past the point where the diagnostics they cite pass the cap and references more than 256, where
// the cap counts every diagnostic the kept rows cite (KD-LIMIT-05, L77; KD-CLOSURE-10, L232; KIT-11 A, OQ-08 A).
import { compareUtf8, evaluateQuery, loadFixture, type FixtureV1, type LoadedFixture } from '../../../oracle/index.js';
import { withDerivedDigests } from '../../../oracle/internal.js';
import { editResult, parseResult, rowsOf, runBrokenProvider, type Loose } from './broken-provider.js';

const DIAGNOSTIC_CAP = 256;
const ROW_CAP = 4096;

/** Whether a result marks a cut with its limit-exhausted omission. */
function cut(value: Loose): boolean {
  return ((value.omissions ?? []) as Loose[]).some((o) => o.reason === 'limit-exhausted');
}

/** The world as given less the explicit candidates named, its analysis key kept (the request stays current). */
function without(fixture: LoadedFixture, shown: ReadonlySet<string>): LoadedFixture | undefined {
  const rest: FixtureV1 = {
    schema: fixture.schema,
    description: fixture.description,
    file: fixture.file,
    semantic_compatibility: fixture.semantic_compatibility,
    generation: fixture.generation,
    current_file_facts: fixture.current_file_facts,
    cancelled: fixture.cancelled,
    interfaces: fixture.interfaces,
    occurrences: fixture.occurrences,
    facts: fixture.facts,
    candidates: fixture.candidates.filter((c) => !shown.has(c.identity)),
    candidate_series: fixture.candidate_series,
    diagnostics: fixture.diagnostics,
  };
  const loaded = loadFixture(withDerivedDigests(structuredClone(rest)));
  return loaded.ok ? { ...loaded.fixture, currentKey: fixture.currentKey } : undefined;
}

/**
 * Every row the query shows before any cut, in canonical order, with the diagnostics they cite: the reference rows,
 * then those of the world without them, until an answer is not cut. Undefined for a world of candidate series, whose
 * members cannot be taken out one by one.
 */
function uncutRows(
  fixture: LoadedFixture,
  request: Uint8Array,
  first: Loose,
): { rows: Loose[]; diagnostics: Map<string, Loose> } | undefined {
  if (fixture.candidate_series.length > 0) return undefined;
  const rows: Loose[] = [];
  const diagnostics = new Map<string, Loose>();
  for (let answer = first; ;) {
    const kept = rowsOf(answer);
    rows.push(...kept);
    for (const d of (answer.diagnostics ?? []) as Loose[]) diagnostics.set(String(d.id), d);
    if (!cut(answer) || kept.length === 0 || rows.length >= ROW_CAP) return { rows, diagnostics };
    const rest = without(fixture, new Set(rows.map((r) => String(r.identity?.value))));
    if (rest === undefined) return undefined;
    answer = parseResult(evaluateQuery(request, rest)) as Loose;
  }
}

runBrokenProvider("the diagnostic cap counts each row's own diagnostics only", {
  result: editResult((value, { fixture, request, query }) => {
    // An explanation shows one row, which no diagnostic count cuts short of another.
    if (value.truncated !== true || !cut(value) || query?.kind === 'explain-operation') return false;
    const all = uncutRows(fixture, request, value);
    if (all === undefined) return false;
    const own = new Map(fixture.candidates.map((c) => [c.identity, c.diagnostic_ids]));
    const typeIds = ((value.type as Loose | null)?.diagnostic_ids ?? []) as string[];
    // The fault: the count walks the rows by their operations' own IDs, not the IDs each row carries.
    const counted = new Set<string>(typeIds);
    let kept = 0;
    for (const row of all.rows) {
      const ids = (own.get(String(row.identity?.value)) ?? []).filter((id) => !counted.has(id));
      if (kept === ROW_CAP || counted.size + ids.length > DIAGNOSTIC_CAP) break;
      for (const id of ids) counted.add(id);
      kept += 1;
    }
    if (kept <= rowsOf(value).length) return false;
    value.operations = all.rows.slice(0, kept);
    const cited = new Set<string>(typeIds);
    for (const row of rowsOf(value)) for (const id of (row.diagnostic_ids ?? []) as string[]) cited.add(id);
    value.diagnostics = [...cited]
      .sort(compareUtf8)
      .map((id) => all.diagnostics.get(id))
      .filter((d): d is Loose => d !== undefined);
    return true;
  }),
});
