/**
 * A fixture that exercises every array the pipeline reads: several interfaces in every
 * state, two occurrences, a fact graph with a chain and a cycle, hidden, unimported,
 * extension, trait, ownership, effect and generic candidates, and diagnostics. Used by
 * the order-independence property (KD-ORDER-12).
 */
import { requirement } from './candidate.js';
import { makeCandidate, makeFixture, MAKE_FIXTURE_IDS as IDS, testId } from './make-fixture.js';
import type { FactKey, FixtureV1 } from '../fixture/fixture.js';

const node = (label: string): FactKey => ({ source: 'live', kind: 'NodeId', value: testId(label) });

/** The rich fixture and the spellings worth explaining on it. */
export function richFixture(): { fixture: FixtureV1; spellings: string[] } {
  const f = makeFixture();
  const other = { package_id: testId('package:other'), module_id: testId('module:other') };
  const internal = { package_id: testId('package:std'), module_id: testId('module:std.internal') };
  const broken = { package_id: testId('package:broken'), module_id: testId('module:broken') };
  f.interfaces.push(
    {
      ...other,
      module: 'other',
      view: 'public',
      semantic_digest: testId('kif:other'),
      validated: true,
      names_in_scope: false,
    },
    {
      ...internal,
      module: 'std.internal',
      view: 'internal',
      semantic_digest: testId('kif:internal'),
      validated: true,
      names_in_scope: true,
    },
    {
      ...broken,
      module: 'broken',
      view: 'public',
      semantic_digest: testId('kif:broken'),
      validated: false,
      names_in_scope: true,
    },
  );
  const diagE = testId('diag:E1');
  const diagW = testId('diag:W1');
  f.diagnostics.push(
    {
      id: diagE,
      code: 'E1',
      severity: 'error',
      category: 'type',
      template_id: 't.e1',
      primary: { file_id: IDS.file, span: { start: 0, end: 3 } },
      disclose_primary: true,
      fallback_text: 'bad',
    },
    {
      id: diagW,
      code: 'W1',
      severity: 'warning',
      category: 'style',
      template_id: 't.w1',
      primary: null,
      disclose_primary: false,
      fallback_text: 'meh',
    },
  );
  f.facts.push(
    { ...node('a'), status: 'validated', depends_on: [node('b'), node('c')], diagnostic_ids: [] },
    { ...node('b'), status: 'validated', depends_on: [node('a')], diagnostic_ids: [] },
    { ...node('c'), status: 'provisional', depends_on: [], diagnostic_ids: [] },
    { ...node('e'), status: 'error', depends_on: [node('a')], diagnostic_ids: [diagE] },
    { ...node('v1'), status: 'validated', depends_on: [], diagnostic_ids: [] },
    { ...node('v2'), status: 'validated', depends_on: [node('v1')], diagnostic_ids: [diagW] },
  );
  const net = { kind: 'SymbolId' as const, value: testId('effect:net') };
  const fs = { kind: 'SymbolId' as const, value: testId('effect:fs') };
  const hiddenFx = { kind: 'TypeId' as const, value: testId('effect:hidden') };
  f.occurrences.push({
    span: { start: 4, end: 13 },
    type: {
      status: 'provisional',
      identity: null,
      display: '_T1',
      reason: 'incomplete-analysis',
      dependencies: [node('a'), node('v1')],
      diagnostic_ids: [],
    },
    permits: { read: true, edit: true, take: false },
    capabilities: [net, hiddenFx],
  });
  const occ = f.occurrences[0];
  if (occ !== undefined) occ.capabilities = [fs, net];
  const base = makeCandidate('x');
  f.candidates.push(
    makeCandidate('map', {
      dependencies: [node('v2'), node('v1')],
      diagnostic_ids: [diagW],
      generic_requirements: [
        requirement({ kind: 'inference', display: 'U', dependencies: [node('v1')] }),
        requirement(),
        requirement({
          kind: 'trait-bound',
          identity: { kind: 'SymbolId', value: testId('trait:Eq') },
          display: 'Text: Eq',
          dependencies: [node('v2')],
        }),
      ],
      effects: [
        { identity: net, display: 'net', status: 'validated', public: true, dependencies: [node('v1')] },
        { identity: fs, display: 'fs', status: 'validated', public: true, dependencies: [] },
      ],
      source: { file_id: IDS.file, span: { start: 0, end: 3 } },
      disclose_source: true,
      documentation: testId('doc:map'),
      disclose_documentation: true,
    }),
    makeCandidate('push', {
      required_mode: 'edit',
      effects: [{ identity: hiddenFx, display: 'h', status: 'validated', public: false, dependencies: [] }],
    }),
    makeCandidate('drain', { required_mode: 'take' }),
    makeCandidate('fetch', {
      effects: [
        {
          identity: { kind: 'SymbolId', value: testId('effect:tcp') },
          display: 'tcp',
          status: 'validated',
          public: true,
          dependencies: [],
        },
      ],
    }),
    makeCandidate('sneak', {
      effects: [
        {
          identity: { kind: 'TypeId', value: testId('effect:none') },
          display: 's',
          status: 'validated',
          public: false,
          dependencies: [],
        },
      ],
    }),
    makeCandidate('shaky', { dependencies: [node('a')] }),
    makeCandidate('broken_op', { dependencies: [node('e')] }),
    makeCandidate('secret', { visibility: 'private' }),
    makeCandidate('eq_only', {
      generic_requirements: [
        {
          kind: 'equality',
          identity: null,
          display: 'T = Int',
          status: 'validated',
          satisfied: false,
          dependencies: [],
        },
      ],
    }),
    makeCandidate('bounded', {
      generic_requirements: [
        {
          kind: 'trait-bound',
          identity: null,
          display: 'T: Ord',
          status: 'validated',
          satisfied: false,
          dependencies: [],
        },
      ],
    }),
    makeCandidate('ext', {
      origin: { ...base.origin, kind: 'extension', implementation_identity: testId('impl:ext') },
    }),
    makeCandidate('tr', {
      origin: {
        ...base.origin,
        kind: 'trait',
        trait: 'Show',
        trait_identity: { kind: 'SymbolId', value: testId('trait:Show') },
      },
    }),
    makeCandidate('foreign', { home: { kind: 'interface', ...other } }),
    makeCandidate('inner', { home: { kind: 'interface', ...internal }, visibility: 'internal' }),
    makeCandidate('inner_private', { home: { kind: 'interface', ...internal }, visibility: 'private' }),
    makeCandidate('unchecked', { home: { kind: 'interface', ...broken } }),
    makeCandidate('anywhere', {
      receiver_type: null,
      required_mode: 'none',
      home: { kind: 'current-file' },
      visibility: 'private',
    }),
    makeCandidate('anywhere2', { receiver_type: null, home: { kind: 'current-file' }, admitted: false }),
    makeCandidate('map', {
      identity: testId('symbol:other.map'),
      qualified_name: 'other.map',
      receiver_type: testId('type:Other'),
    }),
  );
  return {
    fixture: f,
    spellings: [
      'map',
      'push',
      'drain',
      'fetch',
      'sneak',
      'shaky',
      'broken_op',
      'secret',
      'ext',
      'foreign',
      'inner',
      'unchecked',
      'anywhere',
      'nothing',
    ],
  };
}
