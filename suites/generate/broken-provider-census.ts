/**
 * The broken-provider census of REPORT.md: which broken providers the kit catches. Each provider of
 * runner/test-support/broken-providers/ is the reference oracle with one family of rules broken; the census drives
 * each of them,
 * and the reference oracle itself, through the persistent process adapter over one fixed
 * subset of the committed vectors with the metamorphic canonical-order check on every
 * vector, judges them with the gate (runner/run/run-gate.ts), and renders one row each.
 *
 * A row holds only what every run on every machine agrees on: the gate's exit status, the
 * verdict counts, and the distinct KD- clauses and ERROR kinds the provider was failed
 * by. Timings, messages, stderr, paths, process ids and per-vector metamorphic outcomes
 * (which, for a provider whose order changes between runs, depend on chance) stay out.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compareUtf8, markdownCell, sha256Hex } from '../../oracle/index.js';
import { kitRoot, markdownCode } from '../../oracle/internal.js';
import {
  EXIT,
  launcherFor,
  referenceSpec,
  mergeReports,
  type GateReport,
  type ProviderSpec,
  type QueryVectorEntry,
  type VectorJudgement,
  type VectorSet,
} from '../../runner/index.js';
import { gatePhases, relocatedSpec, runGate, Sandbox, shardVectors } from '../../runner/internal.js';
import { renderCensusByClause } from '../../suites/generate/census-by-clause.js';

/** One broken provider of the census. */
export interface CensusProvider {
  /** Its file stem under runner/test-support/broken-providers/. */
  name: string;
  /** The family of rules it breaks, as REPORT.md names it. */
  breaks: string;
  /**
   * What catching it as intended looks like: a KD- clause id, `KD-AREA-*` for any clause
   * of an area, `ERROR <kind>`, or `PHASE <name>` for a gate phase whose generated cases no
   * vector file holds (`PHASE fuzz`: a disagreement in the fuzz phase). Caught as intended when
   * any of them is in "caught by". The clause is the one the provider breaks, whatever rule the
   * verifier names today, so a provider named by another rule shows as not named.
   */
  expect: readonly string[];
  /** For a single-vector fault: the vector it misbehaves on (KCTK_TARGET_REQUEST_SHA256). */
  target?: string;
  /** Runs only these vectors instead of the whole subset. */
  only?: readonly string[];
  /**
   * Also runs these vectors of the set, outside the subset: the costly ones (4,096 rows) that only
   * this provider's fault needs.
   */
  extra?: readonly string[];
  /** Runs the fuzz phase with this many generated cases (seed CENSUS_SEED) after the vectors. */
  fuzz?: number;
  /** Timeout per fixture load and per query, instead of CENSUS_TIMEOUT_MS. */
  timeoutMs?: number;
  /**
   * Also run the metamorphic canonical-order check on every vector. Only the providers whose
   * fault shows under reordered fixtures need it; it doubles a gate's provider starts.
   */
  metamorphic?: boolean;
  /**
   * Also run the README's recipe of this many shards (each shard a gate of its own, the reports merged), and count
   * the provider caught and named only when the merged gate catches and names it too: a fault that two vectors show
   * only together (state kept across queries) must not slip between shards.
   */
  shards?: number;
}

/**
 * The fixed subset every provider runs: two to four cheap vectors per query category
 * (release-cost vectors are judged by `kofun-ctk release-cost`, not run), chosen so each
 * broken provider meets at least one vector it breaks. Every fixture here loads and
 * answers in milliseconds; the step-budget and 4,096-row vectors are left out because
 * each costs seconds per provider and phase.
 */
export const CENSUS_VECTORS: readonly string[] = [
  // 9 and 12 rows out of display-name order, provisional rows: display-name-order,
  // provisional-upgraded, and unstable-order, whose two shuffles of 12 rows (base and
  // metamorphic run) coincide with odds under one in 10^8, so its metamorphic clauses
  // (KD-ORDER-12, KD-KEY-07) appear on every run.
  'canonical-order/omissions-shuffled',
  'canonical-order/rows-shuffled',
  'canonical-order/dependencies-shuffled',
  'complete/explain-callable-operation',
  'complete/list-text-operations',
  'complete/utf8-receiver-operations',
  'effect/explain-non-public-effect-missing',
  // A held non-public effect: non-public-effect-listed.
  'effect/non-public-effect-held',
  'effect/non-validated-effect-held',
  // Rows next to hidden candidates: hidden-name-leak.
  'hidden/explain-private-current-file',
  'hidden/general-private-current-file',
  'hidden/general-unimported',
  // The crash target: a one-line invalid-request result.
  'invalid/duplicate-key',
  'invalid/missing-final-lf',
  'invalid/position-offset-inside-two-byte-character',
  // Truncated with 32 rows: rows-over-cap pads it past 4,096 rows.
  'limit/diagnostics-257',
  'limit/effects-64',
  'limit/request-65537-bytes',
  'limit/spelling-1024-bytes',
  'ownership/explain-sort-in-place-read-receiver',
  'ownership/permits-edit',
  'ownership/permits-read-edit-take',
  'partial/cancelled-before-analysis',
  // An unsupported-in-profile omission: fabricated-extension.
  'partial/imported-extension-unsupported-in-profile',
  'partial/mixed-rows',
  // A provisional row: provisional-upgraded.
  'partial/operation-chain-provisional',
  'stale/combined-generation-and-semantic-compatibility',
  // Only the generation is stale, no acceptable alternative: generation-ignored.
  'stale/generation-older',
  'stale/interface-set-mismatch',
  // The hang and flood target.
  'stale/wrong-file',
  // Conditional faults and the rules the verifier names from the fixture: a type query, a
  // provisional type with its placeholder and an inference row, requires-take under
  // include_unavailable, an explained missing effect, a disclosable-or-not documentation link,
  // two rejection reasons on one row, several effects, generic requirements and a diagnostic.
  'complete/explain-operation-with-requirement',
  'complete/list-text-type',
  'effect/explain-network-authority-missing',
  'effect/missing-effect-and-requires-edit',
  'effect/several-effects-one-missing',
  'hidden/source-documentation-and-locations',
  'ownership/permits-edit-include-unavailable',
  'partial/operation-chain-error',
  'partial/unconstrained-t1',
  'partial/unconstrained-t1-include-unavailable',
  // The survivor classes: identity-less requirements whose byte, collation and UTF-16 orders differ; U+2028 and
  // U+2029 in result strings; integer zero in a result; a Name over 256 bytes but not over 256 UTF-16 units.
  'canonical-order/null-identity-requirements-bytes-not-collation',
  'complete/javascript-unsafe-characters-literal',
  'complete/integer-zero-generation-and-span-start',
  'invalid/semantic-compatibility-258-bytes-129-characters',
];

/** Timeout per fixture load and per query for every provider but the hang. */
export const CENSUS_TIMEOUT_MS = 20_000;
/** The hang costs its timeout: short, on one vector only, so the census never waits on it twice. */
export const CENSUS_HANG_TIMEOUT_MS = 2_000;
/** Seed of the metamorphic variants and the fuzz phase (the run command's default). */
export const CENSUS_SEED = 20261201;
/** Generated cases of a census provider's fuzz phase: enough for a memoriser to meet a case no vector holds. */
export const CENSUS_FUZZ_CASES = 20;

/** The kit's broken providers and the family of rules each one breaks (from each file's header). */
export const CENSUS_PROVIDERS: readonly CensusProvider[] = [
  {
    name: 'crash-on-one',
    breaks: 'staying alive: exits in the middle of one query',
    expect: ['ERROR crash'],
    target: 'invalid/duplicate-key',
  },
  {
    name: 'hang-on-one',
    breaks: 'answering at all: never answers one query',
    expect: ['ERROR timeout'],
    target: 'stale/wrong-file',
    only: ['stale/wrong-file'],
    timeoutMs: CENSUS_HANG_TIMEOUT_MS,
  },
  {
    name: 'stdout-flood',
    breaks: 'the framing of PROTOCOL.md: floods stdout with unframed bytes on one query',
    expect: ['ERROR protocol'],
    target: 'stale/wrong-file',
  },
  {
    name: 'non-canonical-layout',
    breaks: 'canonical layout: the right value with a four-space indent (KD-CANON-12)',
    expect: ['KD-CANON-12'],
  },
  { name: 'final-lf-missing', breaks: 'canonical bytes: no final LF (KD-CANON-02)', expect: ['KD-CANON-02'] },
  {
    name: 'display-name-order',
    breaks: 'row order: by display name instead of SymbolId (KD-ORDER-06/07)',
    expect: ['KD-ORDER-06', 'KD-ORDER-07'],
  },
  {
    name: 'unstable-order',
    breaks: 'deterministic order: rows in an order that changes between runs (KD-ORDER-12)',
    expect: ['KD-ORDER-12'],
    metamorphic: true,
  },
  {
    name: 'generation-ignored',
    breaks: "staleness: ignores the request's generation (KD-STALE-01, KD-KEY-05)",
    expect: ['KD-STALE-*', 'KD-KEY-05'],
  },
  {
    name: 'hidden-name-leak',
    breaks: "safe disclosure: leaks a hidden candidate's name and identity (KD-DISCLOSE-03, KD-OMIT-07)",
    expect: ['KD-DISCLOSE-03', 'KD-OMIT-07'],
  },
  {
    name: 'provisional-upgraded',
    breaks: 'status closure: reports provisional facts as validated (KD-CLOSURE-08/09/14)',
    expect: ['KD-CLOSURE-*'],
  },
  {
    name: 'fabricated-extension',
    breaks:
      'profile: a callable extension row instead of an unsupported-in-profile omission (KD-LOOKUP-11, KD-ORIGIN-06)',
    expect: ['KD-LOOKUP-11', 'KD-ORIGIN-06'],
  },
  {
    name: 'rows-over-cap',
    breaks:
      'limits: more than 4,096 rows and truncated false (KD-LIMIT-05/10; past 4 MiB the reply itself is oversize)',
    expect: ['KD-LIMIT-05', 'KD-LIMIT-10', 'KD-LIMIT-03', 'ERROR oversize'],
  },
  {
    name: 'take-callable-include-unavailable',
    breaks:
      'ownership, only when include_unavailable is true: a take-only operation callable on a receiver without take ' +
      '(KD-OWN-04/05)',
    expect: ['KD-OWN-04', 'KD-OWN-05'],
  },
  {
    name: 'requires-read-false',
    breaks: 'ownership: requires-read on a receiver that permits read (KD-OWN-06)',
    expect: ['KD-OWN-06'],
  },
  {
    name: 'requires-mode-swapped',
    breaks: 'ownership: requires-edit and requires-take swapped (KD-OWN-03..06)',
    expect: ['KD-OWN-*'],
  },
  {
    name: 'explain-missing-effect-callable',
    breaks:
      'effects, only for explain-operation: an operation whose effect is not held shown callable (KD-EFFECT-05/06)',
    expect: ['KD-EFFECT-05', 'KD-EFFECT-06'],
  },
  {
    name: 'missing-effect-unexplained',
    breaks: 'effects: an unavailable row without its missing-effect reason (KD-EFFECT-05)',
    expect: ['KD-EFFECT-05'],
  },
  {
    name: 'non-public-effect-listed',
    breaks: 'effects: non-public effect requirements listed (KD-EFFECT-07)',
    expect: ['KD-EFFECT-07'],
  },
  {
    name: 'effect-requirement-dropped',
    breaks: 'effects: a public effect requirement dropped from its row (KD-EFFECT-07)',
    expect: ['KD-EFFECT-07'],
  },
  {
    name: 'generic-requirement-dropped',
    breaks: 'generic requirements dropped from rows (KD-ACCEPT-03)',
    expect: ['KD-ACCEPT-03'],
  },
  {
    name: 'callable-row-dropped',
    breaks: 'lookup: a visible validated callable row dropped (KD-LOOKUP-06)',
    expect: ['KD-LOOKUP-06'],
  },
  {
    name: 'unavailable-rows-withheld',
    breaks:
      'include_unavailable true answered as false: rejected visible rows missing (KD-REQ-07, KD-OWN-03, KD-EFFECT-06)',
    expect: ['KD-REQ-07', 'KD-OWN-03', 'KD-EFFECT-06'],
  },
  {
    name: 'unavailable-rows-by-default',
    breaks: 'unavailable rows shown without include_unavailable (KD-REQ-07, OQ-32)',
    expect: ['KD-REQ-07'],
  },
  {
    name: 'omission-says-not-imported',
    breaks: 'disclosure: hidden-by-visibility reported as not-imported, which says more (KD-DISCLOSE-06/07)',
    expect: ['KD-DISCLOSE-06', 'KD-DISCLOSE-07'],
  },
  {
    name: 'omissions-dropped',
    breaks: 'omissions dropped and the result called complete (KD-DISCLOSE-09, KD-LOOKUP-11, KD-RES-07)',
    expect: ['KD-DISCLOSE-09', 'KD-LOOKUP-11', 'KD-RES-07'],
  },
  {
    name: 'omission-invented',
    breaks: 'an aggregate hidden-by-visibility omission where nothing was withheld (KD-DISCLOSE-09)',
    expect: ['KD-DISCLOSE-09'],
  },
  {
    name: 'hidden-dependency-listed',
    breaks: "disclosure: a hidden candidate's SymbolId as a dependency value (KD-DISCLOSE-07)",
    expect: ['KD-DISCLOSE-07'],
  },
  {
    name: 'diagnostic-severity-changed',
    breaks: 'diagnostics: error severity reported as warning (KD-DIAG-03)',
    expect: ['KD-DIAG-03'],
  },
  {
    name: 'diagnostic-text-rewritten',
    breaks: "diagnostics: fallback text not the compiler's (KD-DIAG-04)",
    expect: ['KD-DIAG-04'],
  },
  {
    name: 'truncated-spuriously',
    breaks: 'limits: truncated where no limit was reached (KD-LIMIT-10)',
    expect: ['KD-LIMIT-10'],
  },
  {
    name: 'stale-with-diagnostics',
    breaks: 'stale results carrying diagnostics of another analysis (KD-RES-10, OQ-30)',
    expect: ['KD-RES-10'],
  },
  { name: 'type-query-omissions', breaks: 'a type query carrying omissions (KD-RES-16, OQ-40)', expect: ['KD-RES-16'] },
  {
    name: 'unavailable-with-omissions',
    breaks: 'an unavailable result carrying omissions (KD-RES-12, KIT-09)',
    expect: ['KD-RES-12'],
  },
  {
    name: 'placeholder-dropped',
    breaks: "type: a provisional type without the compiler's placeholder display (KD-TYPE-04)",
    expect: ['KD-TYPE-04'],
  },
  {
    name: 'inference-relabelled-validated',
    breaks:
      'closure: a row resting on an unresolved inference requirement relabelled validated (KD-OP-11, KD-CLOSURE-*)',
    expect: ['KD-OP-11', 'KD-CLOSURE-*'],
  },
  {
    name: 'utf8-code-point-offsets',
    breaks: 'positions, only on multi-byte UTF-8: an offset inside a character moved instead of rejected (KD-POS-06)',
    expect: ['KD-POS-06'],
  },
  {
    name: 'fixture-order-dependent',
    breaks: 'order freedom, only when fixture arrays arrive in another order: a row lost (KD-ORDER-12, KD-LOOKUP-06)',
    expect: ['KD-ORDER-12', 'KD-LOOKUP-06'],
    metamorphic: true,
  },
  {
    name: 'cache-by-analysis-key',
    breaks:
      "a result cache keyed by the analysis key alone: another query gets the first query's answer (KD-LOOKUP-06, " +
      'KD-REQ-07, KD-OMIT-06)',
    expect: ['KD-LOOKUP-06', 'KD-REQ-07', 'KD-OMIT-06', 'KD-RES-16', 'KD-RES-18'],
  },
  {
    name: 'second-query-drops-row',
    breaks:
      'lookup, only on the second query of a fixture: a row lost (KD-LOOKUP-06, KD-REQ-07, KD-OWN-03, KD-EFFECT-06)',
    expect: ['KD-LOOKUP-06', 'KD-REQ-07', 'KD-OWN-03', 'KD-EFFECT-06'],
  },
  {
    name: 'wrong-file-as-stale-source',
    breaks: 'staleness: another file reported as stale-source, not wrong-file (KD-RES-11, KD-POS-03)',
    expect: ['KD-RES-11', 'KD-POS-03'],
  },
  {
    name: 'cancellation-ignored',
    breaks: 'a cancelled query answered with facts (KD-REASON-01, OQ-46)',
    expect: ['KD-REASON-01'],
  },
  {
    name: 'documentation-disclosed',
    breaks: 'disclosure: documentation links the compiler does not mark disclosable (KD-DISCLOSE-04)',
    expect: ['KD-DISCLOSE-04'],
  },
  {
    name: 'rejection-reasons-unsorted',
    breaks: 'order: several rejection reasons out of ASCII order (KD-REJECT-03)',
    expect: ['KD-REJECT-03'],
  },
  {
    name: 'unknown-field-added',
    breaks: 'record shape: a field the result does not define (KD-RES-01)',
    expect: ['KD-RES-01'],
  },
  {
    name: 'complete-despite-omission',
    breaks: 'status: complete although something was withheld (KD-RES-07, OQ-18)',
    expect: ['KD-RES-07'],
  },
  // The bug classes of realistic providers that once survived the gate or were named by another rule. Each
  // expects the clause it breaks; where today's verifier names another, the row shows it as not named.
  {
    name: 'requirements-locale-order',
    breaks:
      'order: identity-less generic requirements by localeCompare (Intl collation), not display bytes (KD-ORDER-04)',
    expect: ['KD-ORDER-04'],
  },
  {
    name: 'javascript-safe-escapes',
    breaks: 'canonical bytes: U+2028 and U+2029 escaped as in JavaScript-safe JSON (KD-CANON-09)',
    expect: ['KD-CANON-09'],
  },
  {
    name: 'integer-zero-negative',
    breaks: 'canonical bytes: integer zero written -0 (KD-CANON-10)',
    expect: ['KD-CANON-10'],
  },
  {
    name: 'name-length-utf16',
    breaks: 'scalars: Name and Spelling caps counted in UTF-16 code units, not UTF-8 bytes (KD-SCALAR-05/09)',
    expect: ['KD-SCALAR-05', 'KD-SCALAR-09'],
  },
  {
    name: 'row-cap-4095',
    breaks: 'limits: the 4,096-row cap checked as >= 4095, a lawful 4,096-row result cut (KD-LIMIT-05/10)',
    expect: ['KD-LIMIT-05', 'KD-LIMIT-10'],
    extra: ['limit/rows-4096'],
  },
  {
    name: 'truncated-after-cut',
    breaks: 'limits: truncated computed after the cut, so a cut result says false (KD-LIMIT-10)',
    expect: ['KD-LIMIT-10'],
    extra: ['limit/rows-4097'],
  },
  {
    name: 'older-generation-current',
    breaks: 'staleness: an older generation answered as current (KD-STALE-04)',
    expect: ['KD-STALE-04'],
  },
  {
    name: 'non-public-effects-held',
    breaks: 'effects: non-public effects assumed held (KD-EFFECT-05/06)',
    expect: ['KD-EFFECT-05', 'KD-EFFECT-06'],
  },
  {
    name: 'capability-check-passes',
    breaks: 'effects: the capability check always passes (KD-EFFECT-05/06)',
    expect: ['KD-EFFECT-05', 'KD-EFFECT-06'],
  },
  {
    name: 'receiver-mode-strongest',
    breaks: 'ownership: receiver_mode reported as the strongest mode the receiver permits (KD-OWN-06)',
    expect: ['KD-OWN-06'],
  },
  {
    name: 'digest-input-order',
    breaks: 'interface-set digest over the views in input order, not sorted (KD-DIGEST-07)',
    expect: ['KD-DIGEST-07'],
    extra: ['stale/interface-set-digest-input-order'],
  },
  {
    name: 'digest-views-public',
    breaks: 'interface-set digest with every view public (KD-DIGEST-04)',
    expect: ['KD-DIGEST-04'],
    extra: ['stale/interface-set-digest-views-as-public'],
  },
  {
    name: 'hidden-count-in-fallback',
    breaks: "disclosure: a hidden-candidate count in a diagnostic's fallback text (KD-DISCLOSE-07)",
    expect: ['KD-DISCLOSE-07'],
  },
  // The classes of issue 32's batch of realistic provider bugs: each one escaped the gate, or was named only by a
  // related rule, before the vectors or verifier rules it expects. Each runs only the vectors that show its class,
  // so the census stays cheap.
  {
    name: 'exponent-integers-accepted',
    breaks:
      'canonical bytes: request integers read in any number spelling, 17E0, 170E-1, 17.0, +17 or 017 (KD-CANON-03/10)',
    expect: ['KD-CANON-03', 'KD-CANON-10'],
    only: [],
    extra: [
      'invalid/generation-upper-exponent',
      'invalid/byte-offset-scaled-exponent',
      'invalid/expression-start-upper-exponent',
      'invalid/expression-end-fraction',
    ],
  },
  {
    name: 'empty-spelling-as-null',
    breaks: 'request: an empty spelling read as null on a general query (KD-REQ-09, KD-SCALAR-09)',
    expect: ['KD-REQ-09', 'KD-SCALAR-09'],
    only: [],
    extra: ['invalid/spelling-empty-for-operations', 'invalid/spelling-empty-for-type'],
  },
  {
    name: 'nfc-on-spelling-only',
    breaks:
      'request: NFC checked on the spelling only, a decomposed semantic_compatibility answered stale (KD-SCALAR-05)',
    expect: ['KD-SCALAR-05', 'KD-CANON-08'],
    only: [],
    extra: ['invalid/semantic-compatibility-not-nfc'],
  },
  {
    name: 'closure-memo-on-stack',
    breaks:
      'status closure: a node memoised while still on the stack, so a cycle leaves a node validated (KD-CLOSURE-08)',
    expect: ['KD-CLOSURE-*'],
    only: [],
    extra: ['partial/closure-cycles-entered-at-either-node'],
  },
  {
    name: 'closure-shared-visited',
    breaks:
      "status closure: one visited set across a fact's dependencies, so a diamond's second path counts for nothing " +
      '(KD-CLOSURE-08)',
    expect: ['KD-CLOSURE-*'],
    only: [],
    extra: ['partial/closure-diamond'],
  },
  {
    name: 'dependency-cap-before-dedup',
    breaks: 'limits: the 64-dependency cap counted before the entries are made unique (KD-LIMIT-06)',
    expect: ['KD-LIMIT-06'],
    only: [],
    extra: ['limit/row-dependencies-64-unique-of-74'],
  },
  {
    name: 'row-cap-before-filter',
    breaks: 'limits: the 4,096-row cap counted before unavailable rows are dropped (KD-LIMIT-05)',
    expect: ['KD-LIMIT-05'],
    only: [],
    extra: ['limit/rows-100-shown-of-4100-candidates'],
  },
  {
    name: 'hidden-candidate-diagnostics',
    breaks: "disclosure: a hidden candidate's diagnostics collected before the disclosure filter (KD-DISCLOSE-07)",
    expect: ['KD-DISCLOSE-07'],
    only: [],
    extra: ['hidden/hidden-candidate-diagnostics', 'hidden/explain-hidden-candidate-with-diagnostics'],
  },
  {
    name: 'hidden-identity-fields-listed',
    breaks:
      "disclosure: a hidden candidate's SymbolId listed as a requirement's or effect's identity or a type dependency " +
      '(KD-DISCLOSE-07)',
    expect: ['KD-DISCLOSE-07'],
    only: [],
    extra: [
      'hidden/requirement-naming-hidden-symbol',
      'hidden/effect-naming-hidden-symbol',
      'hidden/type-depending-on-hidden-symbol',
    ],
  },
  {
    name: 'bom-stripped',
    breaks: 'canonical bytes: a byte order mark before the request dropped and the request answered (KD-CANON-01)',
    expect: ['KD-CANON-01'],
    only: [],
    extra: ['invalid/utf8-bom'],
  },
  {
    name: 'u32-wrapped',
    breaks: 'scalars: request offsets over 4294967295 wrapped to 32 bits and the position judged (KD-SCALAR-02)',
    expect: ['KD-SCALAR-02'],
    only: [],
    extra: ['invalid/u32-out-of-range'],
  },
  {
    name: 'cursor-at-end-rejected',
    breaks: 'positions: a cursor at the end of its expression rejected with invalid-position (KD-POS-05)',
    expect: ['KD-POS-05'],
    only: ['complete/list-text-operations', 'complete/explain-callable-operation', 'partial/unconstrained-t1'],
  },
  {
    name: 'type-dependencies-cut-at-64',
    breaks: 'limits: a type fact listing 64 of its dependencies kept validated (KD-LIMIT-06)',
    expect: ['KD-LIMIT-06'],
    only: [],
    extra: ['limit/type-dependencies-65'],
  },
  {
    name: 'digest-lengths-little-endian',
    breaks: 'interface-set digest framed with little-endian lengths (KD-DIGEST-02)',
    expect: ['KD-DIGEST-02'],
    only: [],
    extra: ['stale/interface-set-digest-lengths-little-endian'],
  },
  {
    name: 'digest-empty-views-left-out',
    breaks: 'interface-set digest without the views that yield no candidate (KD-DIGEST-13)',
    expect: ['KD-DIGEST-13'],
    only: [],
    extra: ['stale/interface-set-digest-empty-views-left-out'],
  },
  {
    name: 'digest-no-count-empty-set',
    breaks: 'interface-set digest of the empty set without member_count (KD-DIGEST-09)',
    expect: ['KD-DIGEST-09'],
    only: [],
    extra: ['stale/interface-set-digest-no-count-for-empty-set'],
  },
  {
    name: 'digest-both-views',
    breaks: 'interface-set digest with both views of an internally authorized module (KD-DIGEST-06)',
    expect: ['KD-DIGEST-06'],
    only: [],
    extra: ['stale/interface-set-digest-both-views'],
  },
  // Order and state on every seed and in every shard: a provider whose answer follows the fixture's order fails the
  // seed-free variants of the metamorphic phase; one whose answers depend on what it was asked before fails the state
  // phase (KD-KEY-07), in the whole gate and in the README's three shards merged.
  {
    name: 'dependencies-in-fixture-order',
    breaks: "order: a row's dependencies in the fixture's order, never sorted (KD-ORDER-02), on every seed",
    expect: ['KD-ORDER-02', 'KD-ORDER-12'],
    metamorphic: true,
  },
  {
    name: 'reasons-memoised-in-place',
    breaks: 'state: rejection reasons memoised by SymbolId and mutated in place across queries (KD-KEY-07)',
    expect: ['KD-KEY-07'],
    shards: 3,
    // One SymbolId on one fixture, callable there and rejected (requires-edit) in the subset's explain vector.
    extra: ['complete/owned-literal-all-modes'],
  },
  {
    name: 'cache-before-currency-check',
    breaks: 'state: answers from a cache keyed by the query before the currency check (KD-KEY-07)',
    expect: ['KD-KEY-07'],
    shards: 3,
  },
  {
    name: 'cache-without-include-unavailable',
    breaks: 'state: a result cache keyed without include_unavailable (KD-KEY-07, KD-REQ-07)',
    expect: ['KD-KEY-07'],
    shards: 3,
  },
  {
    // Every vector passes it by construction; a phase of cases no vector file holds catches it (the fuzz phase
    // here; the default run's seeded phase would name itself `PHASE seeded`).
    name: 'vector-memoriser',
    breaks: 'answering at all: goldens from the vectors folder, keyed on an order-free form of the fixture',
    expect: ['PHASE fuzz'],
    fuzz: CENSUS_FUZZ_CASES,
    metamorphic: true,
  },
  // The classes of wrong answers the verifier's newer fixture rules name: a type fact's reason, an unavailable
  // result's reason, truncation by a cut row that include_unavailable false drops, a source or link the compiler does
  // not have, and the row cap's stop point where the diagnostic cap decides it. Each runs only the vectors that show
  // it.
  {
    name: 'type-reason-from-compiler',
    breaks: "type: the compiler's reason kept on a type its dependencies downgrade (KD-TYPE-04/05)",
    expect: ['KD-TYPE-04', 'KD-TYPE-05'],
    only: [],
    extra: ['partial/type-downgraded-to-unavailable-beside-rows'],
  },
  {
    name: 'unsupported-reason-for-any-extension',
    breaks: 'result reason: unsupported-in-profile while more than unsupported work was withheld (KD-RES-13)',
    expect: ['KD-RES-13'],
    only: [],
    extra: ['partial/unavailable-unsupported-work-beside-unvalidated-view'],
  },
  {
    name: 'truncated-from-shown-rows',
    breaks: 'limits: truncated decided from the rows shown, a dropped cut row leaves it false (KD-LIMIT-10)',
    expect: ['KD-LIMIT-10'],
    only: [],
    extra: ['limit/row-dependencies-65-dropped-by-default'],
  },
  {
    name: 'truncated-for-every-cut-row',
    breaks: 'limits: truncated for a dropped cut row that is unavailable anyway (KD-LIMIT-10)',
    expect: ['KD-LIMIT-10'],
    only: [],
    extra: [
      'limit/row-diagnostic-ids-257-dropped-by-default',
      'limit/rejected-row-generic-requirements-65-dropped-by-default',
    ],
  },
  {
    name: 'disclosure-flags-as-presence',
    breaks:
      'disclosure: a source and a kofun-doc:null link the compiler marks disclosable but does not have ' +
      '(KD-DISCLOSE-04)',
    expect: ['KD-DISCLOSE-04'],
    only: [],
    extra: ['complete/explain-disclosable-source-and-documentation-absent'],
  },
  {
    name: 'diagnostic-cap-reached-not-passed',
    breaks: 'limits: rows stopped where their diagnostics reach 256, not where they would pass it (KD-LIMIT-05)',
    expect: ['KD-LIMIT-05'],
    only: ['limit/diagnostics-257'],
  },
  {
    name: 'diagnostic-cap-own-only',
    breaks:
      'limits: where the 256-diagnostic cap cuts, each row counted by its own diagnostics, not those of the error ' +
      'facts it reaches (KD-LIMIT-05)',
    expect: ['KD-LIMIT-05'],
    only: [],
    extra: ['limit/diagnostics-reached-from-error-facts'],
  },
];

/** How a census row came out. */
export type CensusOutcome =
  /** The reference oracle passed the gate, as it must. */
  | 'reference-passes'
  /** The reference oracle did not pass: a fault of the kit or of its vectors. */
  | 'reference-fails'
  /** The gate failed the provider by a clause or ERROR kind its rule family names. */
  | 'caught'
  /** The gate failed the provider, but by none of the clauses its rule family names. */
  | 'caught-otherwise'
  /** The gate passed the broken provider. */
  | 'not-caught'
  /** The run was incomplete (exit 3), or could not be made. */
  | 'incomplete';

/** Verdict counts shown per row; the census has no expectations file, so XFAIL and XPASS cannot occur. */
export const CENSUS_VERDICTS = ['PASS', 'ACCEPTABLE', 'FAIL', 'ERROR', 'NOT-RUN'] as const;
export type CensusVerdict = (typeof CENSUS_VERDICTS)[number];

/** One row of the census. */
export interface CensusRow {
  /** The broken provider's file stem, or `reference` for the reference oracle. */
  provider: string;
  breaks: string;
  /** Vectors sent. */
  vectors: number;
  /** The gate's exit status; null when the run could not be made. */
  exitCode: number | null;
  counts: Record<CensusVerdict, number>;
  /** Distinct KD- clauses of FAIL vectors, then `ERROR <kind>` of ERROR vectors, each sorted by bytes. */
  caughtBy: string[];
  /**
   * The subset of `caughtBy` a rule named: a verifier violation, the metamorphic check, a limit
   * of the runner, or the ERROR kind itself; not the clauses read off the vector or the difference.
   */
  namedBy: string[];
  /** Caught as intended and named: one of the expected clauses or ERROR kinds is in `namedBy`. */
  named: boolean;
  /** What catching it as intended looks like (CensusProvider.expect); empty for the reference. */
  expect: string[];
  outcome: CensusOutcome;
  /** Why the run could not be made as listed (deterministic text only). */
  problem?: string;
  /** The metamorphic check ran on every vector of this row (the reference and CensusProvider.metamorphic). */
  metamorphic?: boolean;
  /** The vectors of the subset this row ran, when it ran not all of them (CensusProvider.only). */
  only?: string[];
  /** Vectors outside the subset this row also ran (CensusProvider.extra). */
  extra?: string[];
  /** Generated cases of this row's fuzz phase (CensusProvider.fuzz). */
  fuzzCases?: number;
  /** The shards this row's recipe also ran, merged (CensusProvider.shards). */
  shards?: number;
}

/** The census over one vector set. */
export interface CensusResult {
  vectorSetSha256: string;
  /** The subset's ids present in the set, in id order. */
  vectors: string[];
  /** Ids of the subset the vector set does not have. */
  missing: string[];
  timeoutMs: number;
  seed: number;
  /** The reference row first (when run), then the providers in list order. */
  rows: CensusRow[];
}

/** What a census runs. */
export interface CensusOptions {
  vectorSet: VectorSet;
  kitVersion: string;
  vectors?: readonly string[];
  providers?: readonly CensusProvider[];
  /** Also run the reference oracle (`kofun-ctk serve`) over the subset. */
  reference?: boolean;
  /** Gates run at once, one provider instance each. */
  parallel?: number;
  /**
   * Rows of earlier runs, by a key of everything a row depends on besides the kit's code: its definition and the own
   * digests of the vectors it runs (the caller's cache is kept per code digest, check-cache.ts).
   */
  cache?: { get(key: string): CensusRow | undefined; set(key: string, row: CensusRow): void };
  /** Told after each row (progress). */
  onRow?: (done: number, total: number) => void;
}

/** The cache key of a row: its definition and the digests of the vectors it runs. */
function rowKey(definition: unknown, vectors: readonly QueryVectorEntry[]): string {
  return sha256Hex(
    JSON.stringify({
      definition,
      vectors: vectors.map((v) => [v.id, v.vectorSha256]),
      seed: CENSUS_SEED,
      timeout: CENSUS_TIMEOUT_MS,
    }),
  );
}

/** The row `run` makes, or the cached row of the same key. */
async function cachedRow(options: CensusOptions, key: string, run: () => Promise<CensusRow>): Promise<CensusRow> {
  const hit = options.cache?.get(key);
  if (hit !== undefined) return hit;
  const row = await run();
  options.cache?.set(key, row);
  return row;
}

/** Where the broken providers live, relative to the kit root. */
export const BROKEN_PROVIDER_DIR = 'runner/test-support/broken-providers';

/** The provider name of the reference oracle's row. */
export const REFERENCE_ROW = 'reference';

/**
 * The argv that runs a broken provider: its compiled copy in the same tree as this module when the census runs
 * compiled (the kit's tests), else its TypeScript source through tsx; undefined when the file or tsx is not there.
 */
function brokenProviderArgv(name: string): string[] | undefined {
  if (!import.meta.url.endsWith('.ts')) {
    const compiled = fileURLToPath(new URL(`../../${BROKEN_PROVIDER_DIR}/${name}.js`, import.meta.url));
    return existsSync(compiled) ? [process.execPath, compiled] : undefined;
  }
  const file = join(kitRoot(), BROKEN_PROVIDER_DIR, `${name}.ts`);
  if (!existsSync(file)) return undefined;
  let loader: string;
  try {
    loader = import.meta.resolve('tsx');
  } catch {
    return undefined;
  }
  return [process.execPath, '--import', loader, file];
}

/** True when a caught-by entry is one of the expected ones (`KD-AREA-*` matches any clause of the area). */
function matchesExpected(caught: string, expect: readonly string[]): boolean {
  return expect.some((e) => (e.endsWith('*') ? caught.startsWith(e.slice(0, -1)) : caught === e));
}

function emptyCounts(): Record<CensusVerdict, number> {
  return { PASS: 0, ACCEPTABLE: 0, FAIL: 0, ERROR: 0, 'NOT-RUN': 0 };
}

/** The deterministic summary of one gate report. */
function rowFromReport(
  provider: string,
  breaks: string,
  report: GateReport,
  expect: readonly string[] | undefined,
): CensusRow {
  const counts = emptyCounts();
  for (const j of report.vectors)
    if ((CENSUS_VERDICTS as readonly string[]).includes(j.verdict)) counts[j.verdict as CensusVerdict] += 1;
  // A phase of generated cases names itself: its disagreement is the rule.
  const phases = report.fuzz?.outcome === 'disagreement' ? ['PHASE fuzz'] : [];
  const caughtBy = [...caughtByOf(report.vectors, false), ...phases];
  const namedBy = [...caughtByOf(report.vectors, true), ...phases];
  const exitCode = report.gate.exit_code;
  let outcome: CensusOutcome;
  if (expect === undefined) outcome = exitCode === EXIT.ok ? 'reference-passes' : 'reference-fails';
  else if (exitCode === EXIT.ok) outcome = 'not-caught';
  else if (exitCode !== EXIT.failed) outcome = 'incomplete';
  else outcome = caughtBy.some((c) => matchesExpected(c, expect)) ? 'caught' : 'caught-otherwise';
  const named = outcome === 'caught' && expect !== undefined && namedBy.some((c) => matchesExpected(c, expect));
  return {
    provider,
    breaks,
    vectors: report.vectors.length,
    exitCode,
    counts,
    caughtBy,
    namedBy,
    named,
    expect: [...(expect ?? [])],
    outcome,
  };
}

/** Where a clause counts as named by a rule rather than read off the vector (see CensusRow.namedBy). */
const NAMING_SOURCES: ReadonlySet<string> = new Set(['verifier', 'metamorphic', 'state', 'limit']);

/**
 * KD- clauses of FAIL vectors (including metamorphic ones) and of ERROR vectors a rule names
 * (an oversize reply), then ERROR kinds, each sorted by bytes; `namedOnly` keeps the clauses a
 * rule named.
 */
function caughtByOf(vectors: readonly VectorJudgement[], namedOnly: boolean): string[] {
  const clauses = new Set<string>();
  const errors = new Set<string>();
  for (const j of vectors) {
    const counts = !namedOnly || NAMING_SOURCES.has(j.clause_source ?? 'vector');
    if ((j.verdict === 'FAIL' || j.verdict === 'ERROR') && counts) for (const c of j.fail_clauses) clauses.add(c);
    if (j.verdict === 'ERROR') errors.add(`ERROR ${j.error?.kind ?? 'unknown'}`);
  }
  return [...[...clauses].sort(compareUtf8), ...[...errors].sort(compareUtf8)];
}

function problemRow(provider: string, breaks: string, problem: string, expect: readonly string[]): CensusRow {
  return {
    provider,
    breaks,
    vectors: 0,
    exitCode: null,
    counts: emptyCounts(),
    caughtBy: [],
    namedBy: [],
    named: false,
    expect: [...expect],
    outcome: 'incomplete',
    problem,
  };
}

/**
 * The census runs the kit's own broken providers, each a value bug and none hostile, without the sandbox: REPORT.md
 * is then generated alike where bubblewrap cannot run, and the census measures the rules, not the isolation.
 */
const CENSUS_SANDBOX = Sandbox.off("the census runs the kit's own broken providers");

/** Runs the gate for one provider spec over `vectors`. */
async function gateOver(
  options: CensusOptions,
  spec: ProviderSpec,
  vectors: readonly QueryVectorEntry[],
  timeoutMs: number,
  metamorphic = true,
  fuzzCases = 0,
): Promise<GateReport> {
  const { vectorSet } = options;
  // A disagreement is written out as a vector set; the census keeps only the phase's outcome.
  const folder = fuzzCases > 0 ? mkdtempSync(join(tmpdir(), 'kofun-ctk-census-fuzz-')) : undefined;
  try {
    return await gateWith(options, spec, vectors, timeoutMs, metamorphic, fuzzCases, folder);
  } finally {
    if (folder !== undefined) rmSync(folder, { recursive: true, force: true });
  }
}

/** One shard of a census run: the k-th of n of `of`, as `kofun-ctk run --shard k/n` selects it. */
interface CensusShard {
  k: number;
  n: number;
  of: readonly QueryVectorEntry[];
}

async function gateWith(
  options: CensusOptions,
  spec: ProviderSpec,
  vectors: readonly QueryVectorEntry[],
  timeoutMs: number,
  metamorphic: boolean,
  fuzzCases: number,
  folder: string | undefined,
  shard?: CensusShard,
): Promise<GateReport> {
  const { vectorSet } = options;
  const selected = shard === undefined ? vectors : shardVectors(shard.of, shard);
  return runGate({
    plan: gatePhases(
      { jobs: 1, timeoutMs, startTimeoutMs: 30_000, restartBudget: 8 },
      {
        metamorphic: { sample: metamorphic ? 'all' : 0, seed: CENSUS_SEED },
        // The default gate's state phase: a fixture's queries asked again in another order, twice in a row.
        state: { fixtures: 'all' },
        ...(folder === undefined ? {} : { fuzz: { cases: fuzzCases, seed: CENSUS_SEED, folder } }),
      },
    ),
    resources: {
      kitVersion: options.kitVersion,
      vectors: {
        vectorSet,
        selected,
        selectedRelease: [],
        record: {
          categories: [],
          ids: (shard?.of ?? vectors).map((v) => v.id),
          clauses: [],
          shard: shard === undefined ? null : `${shard.k}/${shard.n}`,
          filtered: (shard?.of ?? vectors).length,
          total: selected.length,
        },
        // Only tells expectation entries naming no vector apart; the census has none.
        knownIds: new Set(vectorSet.queryVectors.map((v) => v.id)),
      },
      launchers: {
        launcher: launcherFor(spec, { kitVersion: options.kitVersion, sandbox: CENSUS_SANDBOX }),
        metamorphicLauncher: launcherFor(relocatedSpec(spec), {
          kitVersion: options.kitVersion,
          sandbox: CENSUS_SANDBOX,
        }),
      },
      adapter: 'process-persistent',
      sandbox: CENSUS_SANDBOX.report,
      releaseBuild: null,
      expectations: [],
      missingFeatures: [],
    },
    sinks: { emit: () => undefined },
  });
}

/**
 * The gate of `n` shards of `vectors`, each run as a gate of its own (as the README's CI recipe runs them), merged as
 * `kofun-ctk merge-reports` merges them.
 */
async function shardedGate(
  options: CensusOptions,
  spec: ProviderSpec,
  vectors: readonly QueryVectorEntry[],
  timeoutMs: number,
  metamorphic: boolean,
  n: number,
): Promise<GateReport> {
  const reports: GateReport[] = [];
  for (let k = 1; k <= n; k++)
    reports.push(await gateWith(options, spec, vectors, timeoutMs, metamorphic, 0, undefined, { k, n, of: vectors }));
  const merged = mergeReports(reports);
  if (!merged.ok) throw new Error(`kit fault: the census's shard reports do not merge: ${merged.message}`);
  return merged.report;
}

/**
 * A row caught and named only as far as both the whole gate and the merged shards catch and name it: the whole gate's
 * row, or the merged shards' row where they fall short.
 */
function bothArrangements(whole: CensusRow, sharded: CensusRow, shards: number): CensusRow {
  const row = sharded.outcome === 'caught' || whole.outcome !== 'caught' ? whole : sharded;
  return { ...row, named: whole.named && sharded.named, shards };
}

/** The vectors of a census run: those of the census present in the set, their ids, and every vector by id. */
interface CensusSubset {
  readonly subset: readonly QueryVectorEntry[];
  readonly present: readonly string[];
  readonly byId: ReadonlyMap<string, QueryVectorEntry>;
}

/**
 * One broken provider's row: its gate over its vectors (the census subset, narrowed by `only`, with its `extra`
 * ones), also as merged shards when it names them, or the problem that kept it from running.
 */
async function brokenProviderRow(options: CensusOptions, p: CensusProvider, set: CensusSubset): Promise<CensusRow> {
  const { subset, present, byId } = set;
  const argv = brokenProviderArgv(p.name);
  if (argv === undefined)
    return problemRow(
      p.name,
      p.breaks,
      `${BROKEN_PROVIDER_DIR}/${p.name}.ts or the tsx loader is not present`,
      p.expect,
    );
  const env: Record<string, string> = {};
  if (p.target !== undefined) {
    const target = byId.get(p.target);
    if (target === undefined)
      return problemRow(p.name, p.breaks, `its target vector ${p.target} is not in the vector set`, p.expect);
    const read = options.vectorSet.readVector(target);
    if (!read.ok) return problemRow(p.name, p.breaks, read.reason, p.expect);
    env.KCTK_TARGET_REQUEST_SHA256 = sha256Hex(read.value.request);
  }
  const chosen = p.only === undefined ? subset : subset.filter((v) => (p.only as readonly string[]).includes(v.id));
  const absent = (p.extra ?? []).filter((id) => !byId.has(id));
  if (absent.length > 0)
    return problemRow(p.name, p.breaks, `its vector ${absent.join(', ')} is not in the vector set`, p.expect);
  const extra = (p.extra ?? []).filter((id) => !present.includes(id)).map((id) => byId.get(id) as QueryVectorEntry);
  const vectors = [...chosen, ...extra];
  if (vectors.length === 0) return problemRow(p.name, p.breaks, 'none of its vectors is in the vector set', p.expect);
  const spec: ProviderSpec = {
    kind: 'process',
    mode: 'persistent',
    command: { argv, cwd: kitRoot(), env },
    name: `broken ${p.name}`,
    version: options.kitVersion,
  };
  const timeoutMs = p.timeoutMs ?? CENSUS_TIMEOUT_MS;
  return cachedRow(options, rowKey({ ...p, env }, vectors), async () => {
    const report = await gateOver(options, spec, vectors, timeoutMs, p.metamorphic === true, p.fuzz ?? 0);
    const whole = rowFromReport(p.name, p.breaks, report, p.expect);
    const sorted = [...vectors].sort((x, y) => compareUtf8(x.id, y.id));
    const row =
      p.shards === undefined
        ? whole
        : bothArrangements(
            whole,
            rowFromReport(
              p.name,
              p.breaks,
              await shardedGate(options, spec, sorted, timeoutMs, p.metamorphic === true, p.shards),
              p.expect,
            ),
            p.shards,
          );
    return {
      ...row,
      ...(p.metamorphic === true ? { metamorphic: true } : {}),
      ...(p.only !== undefined && p.target === undefined ? { only: chosen.map((v) => v.id) } : {}),
      ...(extra.length > 0 ? { extra: extra.map((v) => v.id) } : {}),
      ...((p.fuzz ?? 0) > 0 ? { fuzzCases: p.fuzz } : {}),
    };
  });
}

/** Runs the census: the reference oracle and every broken provider, a few gates at a time. */
export async function runBrokenProviderCensus(options: CensusOptions): Promise<CensusResult> {
  const wanted = [...new Set(options.vectors ?? CENSUS_VECTORS)].sort(compareUtf8);
  const byId = new Map(options.vectorSet.queryVectors.map((v) => [v.id, v]));
  const present = wanted.filter((id) => byId.has(id));
  const missing = wanted.filter((id) => !byId.has(id));
  const subset = present.map((id) => byId.get(id) as QueryVectorEntry);
  const providers = options.providers ?? CENSUS_PROVIDERS;

  type Job = () => Promise<CensusRow>;
  const jobs: Job[] = [];
  if (options.reference !== false) {
    jobs.push(async () =>
      cachedRow(options, rowKey(REFERENCE_ROW, subset), async () =>
        rowFromReport(
          REFERENCE_ROW,
          'none: the reference oracle itself (kofun-ctk serve)',
          await gateOver(options, referenceSpec('process'), subset, CENSUS_TIMEOUT_MS),
          undefined,
        ),
      ),
    );
  }
  const set: CensusSubset = { subset, present, byId };
  for (const p of providers) jobs.push(() => brokenProviderRow(options, p, set));
  // Slow gates (a hang waits out its timeout) do not hold the others: a small pool.
  const rows: CensusRow[] = new Array<CensusRow>(jobs.length);
  let next = 0;
  const width = Math.max(1, options.parallel ?? 3);
  await Promise.all(
    Array.from({ length: Math.min(width, jobs.length) }, async () => {
      for (;;) {
        const i = next++;
        if (i >= jobs.length) return;
        rows[i] = await (jobs[i] as Job)();
        options.onRow?.(rows.filter((r) => r !== undefined).length, jobs.length);
      }
    }),
  );
  return {
    vectorSetSha256: options.vectorSet.vectorSetSha256,
    vectors: present,
    missing,
    timeoutMs: CENSUS_TIMEOUT_MS,
    seed: CENSUS_SEED,
    rows,
  };
}

const EXIT_MEANING: Readonly<Record<number, string>> = {
  [EXIT.ok]: 'gate passed',
  [EXIT.failed]: 'gate failed',
  [EXIT.usage]: 'usage error',
  [EXIT.incomplete]: 'run incomplete',
};

function gateCell(row: CensusRow): string {
  if (row.exitCode === null) return 'not run';
  return `exit ${row.exitCode} (${EXIT_MEANING[row.exitCode] ?? 'unknown'})`;
}

function outcomeCell(row: CensusRow): string {
  switch (row.outcome) {
    case 'reference-passes':
      return 'passes, as it must';
    case 'reference-fails':
      return '**FAILS: the reference oracle must pass**';
    case 'caught':
      return 'caught';
    case 'caught-otherwise':
      return '**caught, but not by the clauses its rule family names**';
    case 'not-caught':
      return '**NOT CAUGHT**';
    case 'incomplete':
      return row.problem === undefined
        ? '**NOT CAUGHT: the run was incomplete**'
        : `**NOT CAUGHT: ${markdownCell(row.problem)}**`;
  }
}

function percent(part: number, whole: number): string {
  return whole === 0 ? '—' : `${Math.floor((1000 * part) / whole) / 10}%`;
}

/** What some rows ran beyond the subset: costly vectors of their own, and a fuzz phase. */
function extraSentence(rows: readonly CensusRow[]): string {
  const parts: string[] = [];
  for (const r of rows) {
    const name = markdownCode(r.provider);
    if (r.only !== undefined)
      parts.push(
        r.only.length === 0
          ? `${name} runs none of the subset`
          : `${name} runs of the subset only ${r.only.map(markdownCode).join(', ')}`,
      );
    if (r.extra !== undefined) parts.push(`${name} also runs ${r.extra.map(markdownCode).join(', ')}`);
    if (r.shards !== undefined)
      parts.push(
        `${name} also runs as the README's ${r.shards} shards, each a gate of its own, merged, ` +
          'and counts as caught and named only when both the whole gate and the merged shards catch and name it',
      );
    if (r.fuzzCases !== undefined)
      parts.push(
        `${name} also gets the fuzz phase (${r.fuzzCases} generated cases no vector file ` +
          'holds), whose disagreement is named `PHASE fuzz`',
      );
  }
  return parts.length === 0 ? '' : ` Per provider: ${parts.join('; ')}.`;
}

/** Loud lines for everything that is not as it must be; empty when all is well. */
export function censusWarnings(result: CensusResult): string[] {
  const out: string[] = [];
  for (const id of result.missing) out.push(`census vector ${id} is not in the vector set`);
  for (const row of result.rows) {
    if (row.outcome === 'reference-fails')
      out.push(`the reference oracle does not pass the census subset (${gateCell(row)})`);
    else if (row.outcome === 'not-caught')
      out.push(`broken provider ${row.provider} is NOT CAUGHT: the gate passed it`);
    else if (row.outcome === 'incomplete')
      out.push(
        `broken provider ${row.provider} is NOT CAUGHT: ${row.problem ?? `the run was incomplete (${gateCell(row)})`}`,
      );
    else if (row.outcome === 'caught-otherwise')
      out.push(`broken provider ${row.provider} is caught, but not by the clauses its rule family names`);
  }
  return out;
}

/** How many broken providers the gate failed (as intended or not), of how many. */
export function caughtCount(result: CensusResult): { caught: number; named: number; total: number } {
  const broken = result.rows.filter((r) => r.provider !== REFERENCE_ROW);
  const caught = broken.filter((r) => r.outcome === 'caught' || r.outcome === 'caught-otherwise').length;
  return { caught, named: broken.filter((r) => r.named).length, total: broken.length };
}

/** The "Broken providers the kit catches" section of REPORT.md, as lines. */
export function renderBrokenProviderCensus(result: CensusResult): string[] {
  const { caught, named, total } = caughtCount(result);
  const warnings = censusWarnings(result);
  const out: string[] = ['## Broken providers the kit catches', ''];
  if (warnings.length > 0) {
    out.push(`> **WARNING: ${warnings.length} census ${warnings.length === 1 ? 'problem' : 'problems'}.**`);
    for (const w of warnings) out.push(`> - **${markdownCell(w)}**`);
    out.push('');
  }
  out.push(
    `Each provider of \`${BROKEN_PROVIDER_DIR}/\` is the reference oracle with one family of rules broken. ` +
      `The census drives each of them, and the reference oracle, ` +
      `through the persistent process adapter (one instance at a time per provider, ${result.timeoutMs} ms per ` +
      `query) over the same ${result.vectors.length} vectors listed below, with the default gate's state phase ` +
      "(each fixture's queries asked again in a fresh instance, in reverse order and twice in a row), and records " +
      'the gate; ' +
      `the reference oracle and the providers whose fault shows only under reordered fixtures, or that must ` +
      `pass them to show what catches them (${result.rows
        .filter((r) => r.metamorphic === true)
        .map((r) => markdownCode(r.provider))
        .join(', ')}), also get the metamorphic canonical-order check on every vector (seed ${result.seed}). ` +
      `A provider that misbehaves on one vector only is pointed at it by its request SHA-256; ` +
      `the hang provider runs only that vector, with a ${CENSUS_HANG_TIMEOUT_MS} ms timeout.` +
      extraSentence(result.rows),
    '',
    'A provider is caught when the gate fails it (exit 1), and caught as intended when one of the KD- clauses, ' +
      'ERROR kinds or phases it was failed by is one its rule family names. A rule family names the clause the ' +
      'provider breaks, whatever the verifier names today, so a provider the verifier names by another clause ' +
      'shows as caught but not named. Only what every run agrees on is shown: ' +
      'no timings, messages, provider stderr, paths or process ids, ' +
      'and no per-vector metamorphic outcome (for the provider whose order changes between runs, ' +
      'whether two shuffles of three rows coincide is chance; its metamorphic clauses still appear, ' +
      'from the vectors with many rows).',
    '',
    `${caught} of ${total} broken providers ` +
      `caught${caught === total ? '' : ` — **${total - caught} NOT CAUGHT**`}; ${named} of ${total} ` +
      `(${percent(named, total)}) named by the right clause: a verifier violation, the metamorphic check, ` +
      `the state check, the result-size limit or the ERROR kind names one of the clauses its rule family names, ` +
      `not the vector's clause list.`,
    '',
    '| provider | rule family it breaks | vectors | gate | PASS | ACCEPTABLE | FAIL | ERROR | NOT-RUN | caught by | ' +
      'named | verdict |',
    '|---|---|---:|---|---:|---:|---:|---:|---:|---|---|---|',
  );
  for (const row of result.rows) {
    const name = row.provider === REFERENCE_ROW ? 'reference oracle' : markdownCode(row.provider);
    const counts = CENSUS_VERDICTS.map((v) => row.counts[v]).join(' | ');
    const by = row.caughtBy.length === 0 ? '—' : row.caughtBy.map(markdownCode).join(', ');
    const namedCell = row.provider === REFERENCE_ROW ? '—' : row.named ? 'yes' : '**no**';
    out.push(
      `| ${name} | ${markdownCell(row.breaks)} | ${row.vectors} | ${gateCell(row)} | ${counts} | ${by} ` +
        `| ${namedCell} | ${outcomeCell(row)} |`,
    );
  }
  out.push('', `Census vectors (${result.vectors.length}): ${result.vectors.map(markdownCode).join(', ')}.`, '');
  out.push(...renderCensusByClause(result.rows.filter((r) => r.provider !== REFERENCE_ROW)));
  return out;
}
