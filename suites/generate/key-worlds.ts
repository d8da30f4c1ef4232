/**
 * The generator's half of "one world per analysis key" (KIT-25): a vector set in which one
 * analysis key names two different sets of facts is refused, whatever the oracle answers on
 * them, because a client may cache any answer by that key (KD-TRUST-07).
 *
 * The facts a key names are the whole fixture except presentation (description, path) and
 * what no answer may depend on: the content of a view that did not validate (KD-LOOKUP-07,
 * L380). Of such a view only its presence stays, since it may make a result incomplete.
 */
import { encodeCanonicalText, type JsonValue, type FixtureV1, type AnalysisKey } from '../../oracle/index.js';
import { orderFreeDigest } from '../../oracle/internal.js';

/** The frame domain of a world's fact fingerprint. */
export const WORLD_FACTS_DOMAIN = 'kofun.ctk.world-facts/v1';

/** The fingerprint of the facts `fixture` holds under its analysis key. */
export function worldFingerprint(fixture: FixtureV1): string {
  const unvalidated = new Set(fixture.interfaces.filter((i) => !i.validated).map((i) => i.package_id + i.module_id));
  const inUnvalidated = (home: FixtureV1['candidates'][number]['home']): boolean =>
    home.kind === 'interface' && unvalidated.has(home.package_id + home.module_id);
  const { description: _description, file, ...rest } = fixture;
  return orderFreeDigest(WORLD_FACTS_DOMAIN, {
    ...rest,
    file: { file_id: file.file_id, source: file.source },
    interfaces: fixture.interfaces.map((i) =>
      i.validated
        ? i
        : { package_id: i.package_id, module_id: i.module_id, validated: false, names_in_scope: i.names_in_scope },
    ),
    candidates: fixture.candidates.filter((c) => !inUnvalidated(c.home)),
    candidate_series: fixture.candidate_series.filter((s) => !inUnvalidated(s.template.home)),
  } as unknown as JsonValue);
}

/** A world as the generator sees it: who uses it, its current key, and the fixture. */
export interface KeyedWorld {
  caseId: string;
  key: AnalysisKey;
  fixture: FixtureV1;
}

/** One line per analysis key that names two different sets of facts; empty when every key names one world. */
export function keyWorldConflicts(worlds: readonly KeyedWorld[]): string[] {
  const seen = new Map<string, { caseId: string; fingerprint: string }>();
  const out: string[] = [];
  for (const w of worlds) {
    const key = encodeCanonicalText(w.key as unknown as JsonValue);
    const fingerprint = worldFingerprint(w.fixture);
    const first = seen.get(key);
    if (first === undefined) seen.set(key, { caseId: w.caseId, fingerprint });
    else if (first.fingerprint !== fingerprint) {
      out.push(
        `cases ${first.caseId} and ${w.caseId} use one analysis key (source ${w.key.source_sha256}, ` +
          `interface set ${w.key.interface_set_sha256}) for two different sets of facts (KIT-25)`,
      );
    }
  }
  return out;
}
