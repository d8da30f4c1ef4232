/**
 * The interface a JavaScript or TypeScript discovery provider implements to be run
 * by the module adapter (`kofun-ctk run --module <path>`), and that the process
 * protocol's serving side (`kofun-ctk serve`) wraps. PROTOCOL.md, "Module providers".
 *
 * The module's default export (or its export named `provider`) is either an object
 * implementing `DiscoveryModuleProvider` or a function, possibly async, returning one.
 * It runs in a worker thread, so a module that hangs or crashes costs one vector.
 */

/** A provider error code a module may attach to a thrown error as its `code` property. */
export type ModuleProviderErrorCode = 'unsupported' | 'bad-fixture' | 'internal';

export interface DiscoveryModuleProvider<Handle = unknown> {
  /** The provider's name, as reported (printable, at most 256 characters). */
  readonly name: string;
  /** The provider's version, as reported (printable, at most 256 characters). */
  readonly version: string;
  /** Register entries or acceptable-alternative names it follows where the contract is open. */
  readonly interpretations?: readonly string[];
  /**
   * Loads one fixture (the `kofun.ctk.fixture/v1` JSON bytes, any key order) and
   * returns a handle the runner passes back to `query`. Called once per fixture.
   */
  loadFixture(fixtureBytes: Uint8Array): Handle | Promise<Handle>;
  /**
   * Answers one request: `requestBytes` exactly as a client sent them; the return
   * value is the result's canonical bytes (KD-CANON-01..17), final LF included.
   * Throw an error whose `code` is `unsupported` for a query the provider does not
   * implement; any other throw is reported as an `internal` provider error.
   */
  query(handle: Handle, requestBytes: Uint8Array): Uint8Array | Promise<Uint8Array>;
  /** Called once when the runner is done with the provider. */
  close?(): void | Promise<void>;
}

/** What a provider module may export as `default` or `provider`. */
export type DiscoveryModuleExport =
  DiscoveryModuleProvider | (() => DiscoveryModuleProvider | Promise<DiscoveryModuleProvider>);

/** Resolves a module namespace to its provider, or says why it cannot. */
export async function providerFromModule(
  namespace: Record<string, unknown>,
): Promise<{ ok: true; provider: DiscoveryModuleProvider } | { ok: false; message: string }> {
  let candidate: unknown = namespace.provider ?? namespace.default;
  if (candidate === undefined) return { ok: false, message: 'module exports neither `default` nor `provider`' };
  if (typeof candidate === 'function') {
    try {
      candidate = await (candidate as () => unknown)();
    } catch (err) {
      return { ok: false, message: `provider factory threw: ${errorMessage(err)}` };
    }
  }
  if (typeof candidate !== 'object' || candidate === null)
    return { ok: false, message: 'provider export is not an object' };
  const p = candidate as Partial<DiscoveryModuleProvider>;
  if (typeof p.name !== 'string' || typeof p.version !== 'string')
    return { ok: false, message: 'provider lacks a string `name` and `version`' };
  if (typeof p.loadFixture !== 'function' || typeof p.query !== 'function')
    return { ok: false, message: 'provider lacks `loadFixture` and `query` functions' };
  if (
    p.interpretations !== undefined &&
    !(Array.isArray(p.interpretations) && p.interpretations.every((s) => typeof s === 'string'))
  ) {
    return { ok: false, message: 'provider `interpretations` is not an array of strings' };
  }
  return { ok: true, provider: candidate as DiscoveryModuleProvider };
}

/** The provider error code carried by a thrown value, `internal` when it names none. */
export function errorCodeOf(err: unknown): ModuleProviderErrorCode {
  const code = typeof err === 'object' && err !== null ? (err as { code?: unknown }).code : undefined;
  return code === 'unsupported' || code === 'bad-fixture' ? code : 'internal';
}

/** A one-line message from a thrown value. */
export function errorMessage(err: unknown): string {
  const text = err instanceof Error ? err.message : String(err);
  return text.split('\n', 1)[0] ?? '';
}
