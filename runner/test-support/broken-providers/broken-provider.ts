/**
 * The base of the kit's broken providers: the reference oracle served over the
 * persistent protocol with exactly one thing broken by a hook. The runner's tests
 * spawn each one and check that the gate catches it with the expected clause or ERROR.
 *
 * A broken provider that misbehaves on one vector only (crash, hang, flood) picks it by
 * the SHA-256 of its request bytes in the environment variable KCTK_TARGET_REQUEST_SHA256,
 * or, when that is unset, misbehaves on the first query.
 */
import { createHash } from 'node:crypto';
import { type FixtureV1, type LoadedFixture, evaluateQuery } from '../../../oracle/index.js';
import { withDerivedDigests } from '../../../oracle/internal.js';
import type { DiscoveryModuleProvider } from '../../adapters/module-provider.js';
import { createReferenceProvider } from '../../adapters/reference-provider.js';
import { serveProvider } from '../../adapters/serve-provider.js';

/** What a hook sees of one query. */
export interface QueryContext {
  fixture: LoadedFixture;
  request: Uint8Array;
  /** The reference answer. */
  result: Uint8Array;
  /** True for the one vector a single-vector fault targets. */
  targeted: boolean;
}

export interface BrokenHooks {
  /**
   * Edits the decoded fixture before the oracle loads it (a provider that reads a fact of the world wrongly, e.g.
   * holds a capability the compiler did not grant). Only facts outside the analysis key may change, unless
   * `keepKey` is set.
   */
  fixture?: (value: Loose) => void;
  /**
   * The provider reads the world its own way but holds the compiler's analysis key: the edited world's view digests
   * are derived again (so it loads) and the key is that of the world as given, so a current request stays current.
   */
  keepKey?: boolean;
  /** Replaces the request before the oracle sees it (a provider that ignores a field). */
  request?: (request: Uint8Array, fixture: LoadedFixture) => Uint8Array;
  /** Replaces the answer. */
  result?: (context: QueryContext) => Uint8Array | Promise<Uint8Array>;
}

/** The result as JSON (the reference answer is always JSON). */
export function parseResult(bytes: Uint8Array): Record<string, unknown> {
  return JSON.parse(Buffer.from(bytes).toString('utf8')) as Record<string, unknown>;
}

/**
 * A value in the canonical layout: keys in UTF-16 order (equal to byte order for the ASCII keys of the records),
 * two-space indent, final LF.
 */
export function encodeLikeCanonical(value: unknown): Uint8Array {
  const sortKeys = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(sortKeys);
    if (typeof v === 'object' && v !== null) {
      const out: Record<string, unknown> = {};
      for (const k of Object.keys(v).sort()) out[k] = sortKeys((v as Record<string, unknown>)[k]);
      return out;
    }
    return v;
  };
  return new Uint8Array(Buffer.from(`${JSON.stringify(sortKeys(value), null, 2)}\n`, 'utf8'));
}

/** Serves the reference oracle with `hooks` applied, on this process's stdin/stdout. */
export function runBrokenProvider(name: string, hooks: BrokenHooks): void {
  const reference = createReferenceProvider();
  const target = process.env.KCTK_TARGET_REQUEST_SHA256;
  let first = true;
  const provider: DiscoveryModuleProvider<LoadedFixture> = {
    name: `broken: ${name}`,
    version: reference.version,
    interpretations: [...(reference.interpretations ?? [])],
    loadFixture: (bytes) => {
      const edit = hooks.fixture;
      if (edit === undefined) return reference.loadFixture(bytes);
      let value: Loose;
      try {
        value = JSON.parse(Buffer.from(bytes).toString('utf8')) as Loose;
      } catch {
        return reference.loadFixture(bytes);
      }
      edit(value);
      if (hooks.keepKey !== true)
        return reference.loadFixture(new Uint8Array(Buffer.from(JSON.stringify(value), 'utf8')));
      const given = reference.loadFixture(bytes) as LoadedFixture;
      const restated = withDerivedDigests(value as FixtureV1);
      const loaded = reference.loadFixture(new Uint8Array(Buffer.from(JSON.stringify(restated), 'utf8')));
      return { ...(loaded as LoadedFixture), currentKey: given.currentKey };
    },
    async query(fixture, request) {
      const sha = createHash('sha256').update(request).digest('hex');
      const targeted = target === undefined ? first : sha === target;
      first = false;
      const effective = hooks.request ? hooks.request(request, fixture) : request;
      const result = evaluateQuery(effective, fixture);
      return hooks.result ? hooks.result({ fixture, request, result, targeted }) : result;
    },
  };
  void serveProvider(process.stdin, process.stdout, provider).then(() => process.exit(0));
}

/** A decoded result or request, edited freely by a broken provider. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Loose = Record<string, any>;

/** The request as JSON, or undefined when it is not JSON (the oracle answers it invalid). */
export function parseRequest(bytes: Uint8Array): Loose | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(bytes).toString('utf8'));
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Loose) : undefined;
  } catch {
    return undefined;
  }
}

/** What an edit sees: the query context plus the decoded request (undefined when it is not JSON). */
export interface EditContext extends QueryContext {
  query: Loose | undefined;
}

/**
 * A result hook that edits the reference answer as JSON. `edit` changes `value` in place and
 * returns whether it changed anything; an unchanged answer keeps the reference bytes.
 */
export function editResult(edit: (value: Loose, context: EditContext) => boolean): NonNullable<BrokenHooks['result']> {
  return (context) => {
    const value = parseResult(context.result) as Loose;
    const request = parseRequest(context.request);
    const query = request?.query as Loose | undefined;
    return edit(value, { ...context, query }) ? encodeLikeCanonical(value) : context.result;
  };
}

/** The operation rows of a decoded result. */
export function rowsOf(value: Loose): Loose[] {
  return Array.isArray(value.operations) ? (value.operations as Loose[]) : [];
}

/** Every effect requirement of a decoded world's candidates and candidate series. */
export function effectsOf(world: Loose): Loose[] {
  const candidates = [
    ...((world.candidates ?? []) as Loose[]),
    ...((world.candidate_series ?? []) as Loose[]).map((s) => s.template as Loose),
  ];
  return candidates.flatMap((c) => (Array.isArray(c.effects) ? (c.effects as Loose[]) : []));
}

/** The capabilities a position may hold (L77: 64 effects/capabilities per operation). */
const CAPABILITY_CAP = 64;

/**
 * Adds the identities of `effects` to every position's capabilities of a decoded world, once each, within the cap:
 * for providers that misread which capabilities a position holds (capabilities are outside the analysis key).
 */
export function holdAlso(world: Loose, effects: readonly Loose[]): void {
  for (const occurrence of (world.occurrences ?? []) as Loose[]) {
    const held = (occurrence.capabilities ?? []) as Loose[];
    const keys = new Set(held.map((c) => `${c.kind}:${c.value}`));
    for (const e of effects) {
      const key = `${e.identity.kind}:${e.identity.value}`;
      if (keys.has(key) || held.length >= CAPABILITY_CAP) continue;
      keys.add(key);
      held.push({ kind: e.identity.kind, value: e.identity.value });
    }
    occurrence.capabilities = held;
  }
}

/**
 * Whether a decoded world's candidate is hidden at the position, by the exposure rule of KIT-03 (a current-file
 * candidate not admitted; an interface candidate of a validated view whose names are out of scope, not admitted, or
 * of a visibility the view does not show); undefined for a candidate of a view that is absent or failed validation,
 * which lookup never reads.
 */
export function hiddenIn(world: Loose, c: Loose): boolean | undefined {
  if (c.home?.kind !== 'interface') return c.admitted !== true;
  const views = ((world.interfaces ?? []) as Loose[]).filter(
    (i) => i.package_id === c.home.package_id && i.module_id === c.home.module_id,
  );
  const view = views.length === 1 ? views[0] : undefined;
  if (view === undefined || view.validated !== true) return undefined;
  const shown = c.visibility === 'pub' || (view.view === 'internal' && c.visibility === 'internal');
  return !(view.names_in_scope === true && c.admitted === true && shown);
}
